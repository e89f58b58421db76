import { type Criterion, walkCriteria } from '@groeipad/core';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OfflineDraftsNotice } from '../../../../lib/offline-drafts';
import { HistoryButton } from '../../history/history-button';
import { useTrajectoryEditSession } from '../../shared/edit-session';
import type { LoadedEvaluation } from '../api/use-evaluation';
import { evaluationKey } from '../api/use-evaluation';
import { competenceChoices } from '../competence-choices';
import { entryChangesOf, entryFormOf, remarksTemplate } from '../entry-form';
import { EMPTY_FILTER, type FilterPanelValues, visibleCriteria } from '../evaluation-filter';
import { useEvaluationDraft } from '../use-evaluation-draft';
import { CompetenceDialogs, type DialogTarget } from './competence-dialogs';
import { ConflictDialog } from './conflict-dialog';
import { CriteriaTree } from './criteria-tree';
import classes from './evaluation.module.css';
import { EvaluationToolbar } from './evaluation-toolbar';
import { FilterPanel } from './filter-panel';
import { NewAssessmentDialog } from './new-assessment-dialog';
import { OverviewPanel } from './overview-panel';

interface Props {
  loaded: LoadedEvaluation;
  /** Evaluation write, and the trajectory is not expired. */
  mayWrite: boolean;
  /** The agreed score may be ticked (D55: METADATA too); the server drops it from anyone else. */
  mayAgree: boolean;
}

function clusterUuids(criteria: readonly Criterion[]): string[] {
  return [...walkCriteria(criteria)]
    .filter((visit) => visit.criterion.type === 'cluster')
    .map((visit) => visit.criterion.uuid);
}

/** The evaluation screen once loaded: panels, toolbar, tree and the dialogs. */
export function EvaluationEditor({ loaded, mayWrite, mayAgree }: Props) {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const draft = useEvaluationDraft(session.trajectory.id, loaded);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FilterPanelValues>(EMPTY_FILTER);
  // Collapsed clusters (every cluster starts open, so a new one shows).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [choosing, setChoosing] = useState(false);

  const evaluation = draft.evaluation;
  const editable = session.editing && mayWrite;
  const shown = useMemo(
    () => visibleCriteria(evaluation.criteria, filter, session.filter),
    [evaluation.criteria, filter, session.filter],
  );

  // One tap on a score chip: what the assessment dialog adds with only the score changed (D2, D4).
  const template = useMemo(
    () =>
      remarksTemplate([
        t('trajectories.evaluation.template.goesWell'),
        t('trajectories.evaluation.template.toGrow'),
        t('trajectories.evaluation.template.agreements'),
      ]),
    [t],
  );
  const quickScore = (uuid: string, score: number) => {
    for (const { criterion } of walkCriteria(evaluation.criteria)) {
      if (criterion.uuid !== uuid || criterion.type !== 'competence') continue;
      const form = entryFormOf(criterion.latestProperties, template);
      draft.addEntry(uuid, entryChangesOf({ ...form, score: String(score), date: '' }, template));
    }
  };

  // "Nieuwe beoordeling" (issue 31): the chosen competence's assessment, the page editing under it. With one
  // competence shown (the filters narrowed it down) there is nothing to choose.
  const choices = useMemo(() => competenceChoices(shown), [shown]);
  const assess = (uuid: string) => {
    setChoosing(false);
    session.startEditing();
    setDialog({ kind: 'entry', uuid });
  };
  const create = () => {
    const only = choices.length === 1 ? choices[0] : undefined;
    if (only) assess(only.value);
    else if (choices.length === 0) session.startEditing();
    else setChoosing(true);
  };

  // `?competence=<uuid>` (from "Mijn voortgang", D58): that competence's assessment for whoever may write,
  // else its history; the address then loses the parameter, so a reload does not open it again.
  const [params, setParams] = useSearchParams();
  const linked = useRef(params.get('competence'));
  const mayCreate = !session.editing && mayWrite && session.trajectory.abilities.edit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page opened with
  useEffect(() => {
    const uuid = linked.current;
    if (!uuid) return;
    linked.current = null;
    setParams(
      (current) => {
        current.delete('competence');
        return current;
      },
      { replace: true },
    );
    if (!competenceChoices(evaluation.criteria).some((choice) => choice.value === uuid)) return;
    if (mayCreate) assess(uuid);
    else setDialog({ kind: 'history', uuid });
  }, []);

  const toggle = (uuid: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(uuid)) next.add(uuid);
      return next;
    });

  return (
    <Stack gap="md" w="100%" data-testid="evaluation-section" className={`${classes.section} tap-targets`}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className={classes.panels}>
        <OverviewPanel criteria={shown} scale={evaluation} />
        <FilterPanel trajectoryId={session.trajectory.id} value={filter} onChange={setFilter} />
      </SimpleGrid>
      <EvaluationToolbar
        editable={editable}
        editDate={draft.editDate}
        onEditDate={draft.setEditDate}
        onExpandAll={() => setCollapsed(new Set())}
        onCollapseAll={() => setCollapsed(new Set(clusterUuids(evaluation.criteria)))}
        onCreate={!session.editing && mayWrite && session.trajectory.abilities.edit ? create : undefined}
        extra={
          // Change history (issue 9): a restore adds a new dated entry (D2), with evaluation write only.
          <HistoryButton
            trajectoryId={session.trajectory.id}
            target={{ part: 'evaluation' }}
            subject={t('trajectories.history.subjects.evaluation')}
            canRestore={() => mayWrite}
            block={session.trajectory.expired ? 'expired' : session.editing ? 'editing' : null}
            scale={evaluation}
            onRestored={() =>
              void queryClient.invalidateQueries({
                queryKey: evaluationKey(session.trajectory.id),
                exact: true,
              })
            }
          />
        }
      />
      {session.editing && !mayWrite ? (
        <Text size="sm" c="dark.5" className={classes.noPrint}>
          {t('trajectories.evaluation.readOnly')}
        </Text>
      ) : null}
      <OfflineDraftsNotice drafts={draft.offline} />
      {editable && draft.rebased ? (
        <Alert color="blue" role="status" className={classes.noPrint}>
          {t('trajectories.evaluation.conflict.rebased')}
        </Alert>
      ) : null}
      {evaluation.criteria.length === 0 ? (
        <Text c="dark.5">{t('trajectories.evaluation.empty')}</Text>
      ) : shown.length === 0 ? (
        <Alert color="blue" role="status" data-testid="no-filtered-data">
          {t('noFilteredDataFound')}
        </Alert>
      ) : (
        <CriteriaTree
          criteria={shown}
          scale={evaluation}
          collapsed={collapsed}
          onToggle={toggle}
          editable={editable}
          onOpen={setDialog}
          onScore={quickScore}
        />
      )}
      <CompetenceDialogs
        target={dialog}
        onClose={() => setDialog(null)}
        evaluation={evaluation}
        editable={editable}
        mayAgree={mayAgree}
        unsaved={draft.unsaved}
        editDate={draft.editDate}
        onAdd={draft.addEntry}
        onDelete={draft.deleteEntry}
      />
      <NewAssessmentDialog
        opened={choosing}
        choices={choices}
        onClose={() => setChoosing(false)}
        onChoose={assess}
      />
      <ConflictDialog conflict={draft.conflict} scale={evaluation} onResolve={draft.resolve} />
    </Stack>
  );
}
