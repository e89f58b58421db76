import type {
  EntryChange,
  Evaluation,
  EvaluationHistoryItem,
  FieldChange,
  FieldHistoryEntry,
  HistoryPerson,
} from '@groeipad/core';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../../components/load-failure';
import { PageLoader } from '../../../../components/page-loader';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { EntryValues } from '../../evaluation/components/entry-values';
import { ScoreChip } from '../../evaluation/components/score-chip';
import { type RestoreRequest, useEvaluationHistory, useFieldHistory, useRestore } from '../api/use-history';
import {
  fieldTitle,
  HISTORY_SIZE,
  type HistoryFilter,
  type HistoryTarget,
  historyMoment,
  NO_FILTER,
  personName,
  type RestoreBlock,
  rangeBackwards,
  restoreVersion,
} from '../history-format';
import classes from './history.module.css';
import { HistoryFilters } from './history-filters';
import { RestoreAction } from './restore-action';
import { ValueView } from './value-view';

type Scale = Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours' | 'scoreInfo'>;

export interface HistoryDialogProps {
  opened: boolean;
  onClose: () => void;
  trajectoryId: number;
  target: HistoryTarget;
  /** What the history is of, for the title (the form, a report's name, the evaluation). */
  subject: string;
  /** May the user write this field (form, report: its uuid) or add entries to this competence (its uuid)? */
  canRestore: (target: string) => boolean;
  /** Restoring is refused now although the user may write (expired, D12; or edits in progress). */
  block: RestoreBlock;
  /** The evaluation's score scale, to show entries as the section does. */
  scale?: Scale;
  /** After a restore: refresh the section. */
  onRestored: () => void;
}

/**
 * Change history with restore (issue 9 "Beyond the spec"), one dialog for the form, each report and the
 * evaluation: who changed what and when, filtered by person and period, newest first; each change
 * viewable (before → after; an evaluation entry added or deleted); a value put back, after a question,
 * where the user may write it — in the evaluation as a NEW dated entry (D2).
 */
export function HistoryDialog(props: HistoryDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('trajectories.history.title', { subject: props.subject })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="xl"
      fullScreen={phone}
    >
      {props.opened ? <HistoryBody {...props} /> : null}
    </Modal>
  );
}

function HistoryBody(props: HistoryDialogProps) {
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const [page, setPage] = useState(0);
  const changeFilter = (next: HistoryFilter) => {
    setFilter(next);
    setPage(0);
  };
  const shared = { ...props, filter, onFilter: changeFilter, page, onPage: setPage };
  return props.target.part === 'evaluation' ? (
    <EvaluationHistory {...shared} />
  ) : (
    <FieldHistory {...shared} />
  );
}

interface BodyProps extends HistoryDialogProps {
  filter: HistoryFilter;
  onFilter: (filter: HistoryFilter) => void;
  page: number;
  onPage: (page: number) => void;
}

/** Restores through the engine and says how it went; true when it is done (the question closes). */
function useRestoreRun(props: HistoryDialogProps) {
  const { t } = useTranslation();
  const restore = useRestore(props.trajectoryId, props.target);
  const run = async (request: RestoreRequest, current: number): Promise<boolean> => {
    try {
      const answer = await restore.mutateAsync({ request, current });
      const done =
        request.kind === 'entry' ? 'trajectories.history.entryRestored' : 'trajectories.history.restored';
      notifySuccess(t, t(answer.changed ? done : 'trajectories.history.alreadyThere'));
      if (answer.changed) props.onRestored();
      return true;
    } catch (error) {
      notifyApiFailure(t, t('trajectories.history.restoreFailed'), error);
      return false;
    }
  };
  return { run, busy: restore.isPending };
}

/** Filters, the notice why restoring is off, the list (or loading, failure, nothing found) and the pages. */
function Frame({
  props,
  people,
  total,
  state,
  children,
}: {
  props: BodyProps;
  people: readonly HistoryPerson[];
  total: number;
  state: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / HISTORY_SIZE));
  let body: ReactNode;
  if (rangeBackwards(props.filter)) body = null;
  else if (state.isPending) body = <PageLoader />;
  else if (state.error)
    body = <LoadFailure withReason message={t('trajectories.history.loadFailed')} query={state} />;
  else if (total === 0)
    body = (
      <Text size="sm" c="dark.5" data-testid="history-empty">
        {t('trajectories.history.empty')}
      </Text>
    );
  else body = children;
  return (
    <Stack gap="md">
      <HistoryFilters people={people} value={props.filter} onChange={props.onFilter} />
      {props.block ? (
        <Alert
          color="orange"
          variant="light"
          role="status"
          styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
        >
          {t(`trajectories.history.blocked.${props.block}`)}
        </Alert>
      ) : null}
      {body}
      {total > HISTORY_SIZE && !state.isPending && !state.error ? (
        <Group
          justify="space-between"
          gap="xs"
          role="navigation"
          aria-label={t('trajectories.history.pages')}
        >
          <Button
            variant="default"
            size="compact-sm"
            disabled={props.page === 0}
            onClick={() => props.onPage(props.page - 1)}
          >
            {t('trajectories.history.newer')}
          </Button>
          <Text size="sm">{t('trajectories.history.page', { page: props.page + 1, pages })}</Text>
          <Button
            variant="default"
            size="compact-sm"
            disabled={props.page + 1 >= pages}
            onClick={() => props.onPage(props.page + 1)}
          >
            {t('trajectories.history.older')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** One save: when, who, a summary, and its changes behind "View". */
function EntryCard({
  at,
  who,
  summary,
  children,
}: {
  at: string;
  who: HistoryPerson | null;
  summary: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const when = historyMoment(at);
  const name = personName(who) ?? t('trajectories.history.unknownPerson');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="history-entry">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div className={classes.wrap}>
            <Text size="sm" fw={600}>
              {when}
            </Text>
            <Text size="sm" c="dark.5" className={classes.wrap} data-testid="history-who">
              {name}
            </Text>
          </div>
          <Button
            variant="light"
            size="compact-sm"
            aria-expanded={open}
            aria-controls={id}
            aria-label={t(open ? 'trajectories.history.hideOf' : 'trajectories.history.viewOf', {
              when,
              who: name,
            })}
            onClick={() => setOpen((current) => !current)}
            style={{ flexShrink: 0 }}
          >
            {t(open ? 'trajectories.history.hide' : 'trajectories.history.view')}
          </Button>
        </Group>
        <Text size="sm" className={classes.wrap}>
          {summary}
        </Text>
        {open ? (
          <Stack gap="sm" id={id} pt={4}>
            {children}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function FieldHistory(props: BodyProps) {
  const { t } = useTranslation();
  const query = useFieldHistory(props.trajectoryId, props.target, props.filter, props.page);
  const restore = useRestoreRun(props);
  const data = query.data;
  const fileNames = useMemo(() => new Map((data?.files ?? []).map((file) => [file.id, file.name])), [data]);
  return (
    <Frame props={props} people={data?.people ?? []} total={data?.total ?? 0} state={query}>
      <Stack component="ol" gap="sm" className={classes.list} data-testid="history-list">
        {(data?.content ?? []).map((entry) => (
          <EntryCard
            key={entry.version}
            at={entry.at}
            who={entry.who}
            summary={t('trajectories.history.changedFields', {
              fields: entry.changes.map((change) => change.field.name).join(', '),
            })}
          >
            {entry.changes.map((change) => (
              <FieldChangeView
                key={change.field.uuid}
                entry={entry}
                change={change}
                fileNames={fileNames}
                restorable={props.canRestore(change.field.uuid)}
                block={props.block}
                busy={restore.busy}
                onRestore={(side) =>
                  restore.run(
                    { kind: 'field', version: restoreVersion(entry.version, side), field: change.field.uuid },
                    data?.version ?? entry.version,
                  )
                }
              />
            ))}
          </EntryCard>
        ))}
      </Stack>
    </Frame>
  );
}

function FieldChangeView({
  entry,
  change,
  fileNames,
  restorable,
  block,
  busy,
  onRestore,
}: {
  entry: FieldHistoryEntry;
  change: FieldChange;
  fileNames: ReadonlyMap<number, string>;
  restorable: boolean;
  block: RestoreBlock;
  busy: boolean;
  onRestore: (side: 'before' | 'after') => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const title = fieldTitle(change.field, change.groups);
  const when = historyMoment(entry.at);
  const side = (which: 'before' | 'after') => (
    <Paper p="xs" radius="sm" className={classes.side} data-side={which}>
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dark.5">
          {t(`trajectories.history.${which}`)}
        </Text>
        <ValueView field={change.field} value={change[which]} fileNames={fileNames} />
        {restorable && change.current !== which ? (
          <RestoreAction
            label={t('trajectories.history.restore')}
            accessibleLabel={t(`trajectories.history.restoreSide.${which}`, { field: title, when })}
            question={t(`trajectories.history.restoreQuestion.${which}`, { field: title, when })}
            busy={busy}
            disabled={block !== null || busy}
            onRestore={() => onRestore(which)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap={6} data-testid="history-change">
      <Text size="sm" fw={600} className={classes.wrap}>
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {side('before')}
        {side('after')}
      </SimpleGrid>
    </Stack>
  );
}

function EvaluationHistory(props: BodyProps) {
  const { t } = useTranslation();
  const query = useEvaluationHistory(props.trajectoryId, props.filter, props.page);
  const restore = useRestoreRun(props);
  const data = query.data;
  return (
    <Frame props={props} people={data?.people ?? []} total={data?.total ?? 0} state={query}>
      <Stack component="ol" gap="sm" className={classes.list} data-testid="history-list">
        {(data?.content ?? []).map((entry) => (
          <EntryCard
            key={entry.version}
            at={entry.at}
            who={entry.who}
            summary={entry.changes
              .map((change) =>
                t(`trajectories.history.entrySummary.${change.change}`, {
                  competence: change.competenceName,
                }),
              )
              .join(' · ')}
          >
            {entry.changes.map((change) => (
              <EntryChangeView
                key={`${change.competence}-${change.entry}-${change.change}`}
                entry={entry}
                change={change}
                scale={props.scale}
                restorable={props.canRestore(change.competence)}
                block={props.block}
                busy={restore.busy}
                onRestore={() =>
                  restore.run(
                    {
                      kind: 'entry',
                      // An added entry is there after the save; a deleted one before it.
                      version: restoreVersion(entry.version, change.change === 'added' ? 'after' : 'before'),
                      competence: change.competence,
                      entry: change.entry,
                    },
                    data?.version ?? entry.version,
                  )
                }
              />
            ))}
          </EntryCard>
        ))}
      </Stack>
    </Frame>
  );
}

function EntryChangeView({
  entry,
  change,
  scale,
  restorable,
  block,
  busy,
  onRestore,
}: {
  entry: EvaluationHistoryItem;
  change: EntryChange;
  scale: Scale | undefined;
  restorable: boolean;
  block: RestoreBlock;
  busy: boolean;
  onRestore: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const title = [...change.path, change.competenceName].join(' › ');
  const when = historyMoment(entry.at);
  const made = historyMoment(change.entry);
  return (
    <Paper p="xs" radius="sm" className={classes.side} data-testid="history-change">
      <Stack gap={6}>
        <Text size="sm" fw={600} className={classes.wrap}>
          {title}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge
            variant="light"
            color={change.change === 'added' ? 'green' : 'red'}
            tt="none"
            styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {t(`trajectories.history.entryChange.${change.change}`, { when: made })}
          </Badge>
          {scale ? <ScoreChip scale={scale} values={change.properties} /> : null}
        </Group>
        <EntryValues values={change.properties} />
        {restorable ? (
          <RestoreAction
            label={t('trajectories.history.restoreEntry')}
            accessibleLabel={t('trajectories.history.restoreEntryOf', {
              competence: change.competenceName,
              when,
            })}
            question={t('trajectories.history.restoreEntryQuestion', { competence: change.competenceName })}
            busy={busy}
            disabled={block !== null || busy}
            onRestore={onRestore}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
