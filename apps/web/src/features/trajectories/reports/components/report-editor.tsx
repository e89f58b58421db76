import type { ReportListEntry } from '@groeipad/core';
import { Alert, Badge, Chip, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useReportDirty } from '../../../../components/unsaved-guard';
import { ApiError } from '../../../../lib/api-error';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { filterFields } from '../../form/form-filter';
import { fieldsNamedByServer, formErrors, shownErrors } from '../../form/form-validity';
import { buildFormPatch, type FormValues, valueUuids } from '../../form/form-values';
import { HistoryButton } from '../../history/history-button';
import { useTrajectoryEditSession } from '../../shared/edit-session';
import { reportKeys } from '../api/keys';
import { fetchReport, type LoadedReport } from '../api/use-report';
import { useSaveReport } from '../api/use-save-report';
import { filterByLabels, reportLabels, reportRights } from '../report-fields';
import { type MergeChoice, mergeRows, resolveValues } from '../report-merge';
import { displayDay, neighbours } from '../report-navigation';
import { parentPath, reportPath } from '../report-route';
import { useReportDraft } from '../use-report-draft';
import { type Conflict, MergeDialog } from './merge-dialog';
import { ReportForm } from './report-form';
import { ReportToolbar } from './report-toolbar';
import classes from './reports.module.css';
import { SplitPane } from './split-pane';
import { SplitPicker, type SplitState } from './split-picker';

const NO_ERRORS: ReadonlyMap<string, 'required' | 'invalid'> = new Map();

interface PendingMerge extends Conflict {
  theirs: LoadedReport;
}

/**
 * A report in view or edit mode (spec part 1 §2 "Reports section", §4 "Report and access editing"):
 * its own edit mode — not the header's — opened by Edit or by `?edit=true` (after creating it), with
 * undo/redo, Save only with changes and valid fields, the report reloaded after a save; a save that
 * meets someone else's newer version opens the merge dialog instead of overwriting it (issue 9).
 */
export function ReportEditor({
  trajectoryId,
  source,
  reports,
  split,
}: {
  trajectoryId: number;
  source: LoadedReport;
  reports: readonly ReportListEntry[];
  split: SplitState;
}) {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const reportId = source.report.id;
  const save = useSaveReport(trajectoryId, reportId);

  // The URL says whether the report is being edited (a reload keeps the mode); only with write on it.
  const editing = searchParams.get('edit') === 'true' && source.report.rights.write;
  const setEditing = useCallback(
    (on: boolean) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (on) next.set('edit', 'true');
          else next.delete('edit');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const draft = useReportDraft(source, editing);
  const report = draft.base.report;
  const [labels, setLabels] = useState<string[]>([]);
  const [serverInvalid, setServerInvalid] = useState<ReadonlySet<string>>(new Set());
  const [showInvalid, setShowInvalid] = useState(false);
  // A required field shows its error once touched or after a save was tried (issue 21).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [conflict, setConflict] = useState<PendingMerge | null>(null);
  const [merging, setMerging] = useState(false);
  useReportDirty('report', editing && draft.dirty);

  const rights = useMemo(() => reportRights(report.structure, report.writable), [report]);
  const allLabels = useMemo(() => reportLabels(report.structure), [report.structure]);
  const chosen = labels.filter((label) => allLabels.includes(label));
  const shown = useMemo(
    () => filterFields(filterByLabels(report.structure, chosen), session.filter),
    [report.structure, chosen, session.filter],
  );
  const values = editing ? draft.values : report.values;
  const required = useMemo(
    () => (editing ? formErrors(report.structure, draft.values, rights) : new Set<string>()),
    [editing, report.structure, draft.values, rights],
  );
  const { errors, problems } = useMemo(
    () => shownErrors(required, serverInvalid, touched, showInvalid),
    [required, serverInvalid, showInvalid, touched],
  );
  const valid = problems === 0;
  const reveal = () => {
    setShowInvalid(true);
    focusFirstInvalid('[data-testid="report-screen"]');
  };
  const around = neighbours(reports, reportId);

  const { setValue: setDraftValue } = draft;
  const setValue = useCallback(
    (uuid: string, value: unknown) => {
      setDraftValue(uuid, value);
      setTouched((current) => (current.has(uuid) ? current : new Set(current).add(uuid)));
      setServerInvalid((current) => {
        if (!current.has(uuid)) return current;
        const next = new Set(current);
        next.delete(uuid);
        return next;
      });
    },
    [setDraftValue],
  );

  const finish = (saved: LoadedReport) => {
    draft.restart(saved);
    setServerInvalid(new Set());
    setShowInvalid(false);
    setTouched(new Set());
    setConflict(null);
    setEditing(false);
    notifySuccess(t, t('saveReportSuccess'));
    // After saving a report it is reloaded (spec part 1 §4).
    void queryClient.invalidateQueries({ queryKey: reportKeys.one(trajectoryId, reportId), exact: true });
  };

  /**
   * Saves `mine` on top of `base` (the report the values were edited from; its version is the If-Match).
   * On 409 the stored report is loaded and the fields where it and mine differ go to the merge dialog.
   */
  const persist = async (base: LoadedReport, mine: FormValues) => {
    const patch = buildFormPatch(base.report.values, mine);
    if (patch.length === 0) {
      finish(base);
      return;
    }
    try {
      finish(await save.mutateAsync({ patch, version: base.version }));
    } catch (error) {
      if (error instanceof ApiError && error.isStale) {
        try {
          const theirs = await fetchReport(trajectoryId, reportId);
          queryClient.setQueryData(reportKeys.one(trajectoryId, reportId), theirs);
          const rows = mergeRows(
            base.report.values,
            mine,
            theirs.report.values,
            valueUuids(theirs.report.structure),
            theirs.report.writable,
          );
          // They saved exactly what I have: nothing is left to save.
          if (rows.length === 0) finish(theirs);
          else setConflict({ rows, structure: theirs.report.structure, theirs });
        } catch (reload) {
          notifyApiFailure(t, t('saveDocumentFailure'), reload);
        }
        return;
      }
      if (error instanceof ApiError && error.key === 'invalidDocumentContent') {
        setServerInvalid(
          fieldsNamedByServer(
            error.fields.map((field) => field.path),
            new Set(valueUuids(report.structure)),
          ),
        );
        setShowInvalid(true);
      }
      notifyApiFailure(t, t('saveDocumentFailure'), error);
    }
  };

  const submit = () => {
    if (!draft.dirty) return;
    if (!valid) {
      setShowInvalid(true);
      return;
    }
    void persist(draft.base, draft.values);
  };

  const resolve = async (choices: Record<string, MergeChoice>) => {
    if (!conflict) return;
    const resolved = resolveValues(conflict.theirs.report.values, conflict.rows, choices);
    // Their version is the new base: undo goes back to their report, and a save sends only my part.
    draft.rebase(conflict.theirs, resolved);
    setConflict(null);
    setMerging(true);
    try {
      await persist(conflict.theirs, resolved);
    } finally {
      setMerging(false);
    }
  };

  const toggleSplit = () => {
    if (split.target) split.setTarget(null);
    else split.setPicking(true);
  };

  return (
    <Stack gap="md" data-testid="report-screen" className="tap-targets">
      <div>
        <Group gap="xs" wrap="wrap" align="baseline">
          <Title order={2} size="h3" className={classes.wrap}>
            {report.name}
          </Title>
          {editing ? (
            <Badge variant="light" color="blue" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
              {t('trajectories.reports.editing')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7">
          {t('trajectories.reports.subtitle', {
            type: report.blueprintName,
            date: displayDay(report.created),
          })}
          {around.total > 0
            ? ` · ${t('trajectories.reports.position', { position: around.position, total: around.total })}`
            : ''}
        </Text>
      </div>

      <ReportToolbar
        editing={editing}
        mayEdit={report.rights.write}
        canUndo={draft.canUndo}
        canRedo={draft.canRedo}
        canSave={draft.dirty && valid}
        problems={problems}
        onReveal={reveal}
        saving={save.isPending || merging}
        split={split.target !== null}
        previous={around.previous}
        next={around.next}
        onEdit={() => setEditing(true)}
        onUndo={draft.undo}
        onRedo={draft.redo}
        onSave={submit}
        onClose={() => void navigate(parentPath(location.pathname))}
        onPrint={() => window.print()}
        onSplit={toggleSplit}
        onPrevious={() => around.previous && void navigate(reportPath(trajectoryId, around.previous.id))}
        onNext={() => around.next && void navigate(reportPath(trajectoryId, around.next.id))}
        history={
          // Change history (issue 9): restoring needs write on the field (the server's `writable`).
          <HistoryButton
            trajectoryId={trajectoryId}
            target={{ part: 'report', reportId }}
            subject={report.name}
            canRestore={(uuid) => report.writable.includes(uuid)}
            block={session.trajectory.expired ? 'expired' : editing ? 'editing' : null}
            onRestored={() => void queryClient.invalidateQueries({ queryKey: reportKeys.all(trajectoryId) })}
          />
        }
      />

      {editing && showInvalid && !valid ? (
        <Alert color="red" role="alert">
          {t('invalidDocumentContent')}
        </Alert>
      ) : null}
      {editing && report.writable.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('trajectories.reports.nothingWritable')}
        </Text>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: split.target ? 6 : 12 }} className={classes.pane}>
          <Stack gap="md" maw={split.target ? undefined : 760}>
            {allLabels.length > 0 ? (
              <Chip.Group multiple value={chosen} onChange={setLabels}>
                <Group
                  gap={6}
                  wrap="wrap"
                  role="group"
                  aria-label={t('trajectories.reports.labels')}
                  className={classes.noPrint}
                >
                  <Text size="sm" fw={600}>
                    {t('trajectories.reports.labels')}
                  </Text>
                  {allLabels.map((label) => (
                    <Chip key={label} value={label} size="sm" variant="outline">
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
            {report.structure.length === 0 ? (
              <Text c="gray.7">{t('trajectories.reports.noFields')}</Text>
            ) : shown.length === 0 ? (
              <Text c="gray.7">{t('trajectories.reports.noMatch')}</Text>
            ) : (
              <ReportForm
                shown={shown}
                readable={report.structure}
                values={values}
                rights={rights}
                editing={editing}
                filtering={chosen.length > 0 || session.filter.trim() !== ''}
                errors={editing ? errors : NO_ERRORS}
                setValue={setValue}
                idPrefix={`report-${reportId}-`}
              />
            )}
          </Stack>
        </Grid.Col>
        {split.target ? (
          <Grid.Col span={{ base: 12, md: 6 }} className={classes.pane}>
            <SplitPane
              trajectoryId={trajectoryId}
              target={split.target}
              onChange={() => split.setPicking(true)}
              onClose={() => split.setTarget(null)}
            />
          </Grid.Col>
        ) : null}
      </Grid>

      <SplitPicker
        opened={split.picking}
        reports={reports}
        currentId={reportId}
        onClose={() => split.setPicking(false)}
        onPick={(target) => {
          split.setTarget(target);
          split.setPicking(false);
        }}
      />
      <MergeDialog
        conflict={conflict}
        saving={merging}
        onCancel={() => setConflict(null)}
        onResolve={(choices) => void resolve(choices)}
      />
    </Stack>
  );
}
