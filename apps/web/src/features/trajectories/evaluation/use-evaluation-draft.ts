import {
  businessToday,
  calendarDateToDate,
  DEFAULT_BUSINESS_TIME_ZONE,
  deleteCompetenceEntry,
  type Evaluation,
  type EvaluationCompetence,
  editCompetence,
  listCompetences,
  mapCompetences,
  type PropertyChanges,
  parseIsoDate,
  propertyHistory,
} from '@groeipad/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notifyApiFailure } from '../../../lib/notify';
import {
  draftOperations,
  isNetworkFailure,
  isOnline,
  notifyDraftsSent,
  notifyKeptOnDevice,
  useOfflineDrafts,
  useSignedInIdentity,
} from '../../../lib/offline-drafts';
import { useTrajectoryEditSession } from '../shared/edit-session';
import { evaluationKey, fetchEvaluation, type LoadedEvaluation } from './api/use-evaluation';
import { entryPatch, useSaveEvaluation } from './api/use-save-evaluation';
import {
  type CompetenceConflict,
  describeConflict,
  entryChanges,
  type Resolution,
  resolveConflict,
} from './entry-changes';

/** A 409 waiting for the user's choice: my draft, the version it started from and the newer one. */
export interface PendingConflict {
  base: Evaluation;
  mine: Evaluation;
  theirs: LoadedEvaluation;
  competences: CompetenceConflict[];
}

/** The competence with this uuid and its depth (0 cluster, 1 sub-cluster, 2 competence). */
function findCompetence(evaluation: Evaluation, uuid: string) {
  return listCompetences(evaluation.criteria).find(({ competence }) => competence.uuid === uuid);
}

/**
 * The evaluation being edited (spec part 1 §4 "Evaluation edits"; D2, D4, D29), with the header's edit
 * session: my entries are added to and deleted from a draft of the version they were made on; Save (the
 * header's) sends the entries added and deleted with If-Match and the edit date; a 409 fetches the newer version and
 * waits for the user's choice (issue 9 "No silent overwrites").
 */
export function useEvaluationDraft(trajectoryId: number, loaded: LoadedEvaluation) {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const { mutateAsync: send } = useSaveEvaluation(trajectoryId);
  const [base, setBase] = useState<LoadedEvaluation>(loaded);
  const [edited, setEdited] = useState<Evaluation>(loaded.evaluation);
  const [editDate, setEditDate] = useState(() => businessToday(DEFAULT_BUSINESS_TIME_ZONE));
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const [rebased, setRebased] = useState(false);
  // Offline drafts (issue 23): a save without a connection is kept on this device and sent later.
  const queryClient = useQueryClient();
  const identity = useSignedInIdentity();
  const offline = useOfflineDrafts(trajectoryId, identity, {
    onSent: (result) => {
      notifyDraftsSent(t, result);
      void queryClient.invalidateQueries({ queryKey: evaluationKey(trajectoryId), exact: true });
      void queryClient.invalidateQueries({ queryKey: ['trajectories', 'one', trajectoryId, 'dashboard'] });
    },
  });

  const changes = useMemo(() => entryChanges(base.evaluation, edited), [base.evaluation, edited]);
  const dirty = changes.length > 0;
  /** Entries of the draft that are not saved yet (shown as new in the history). */
  const unsaved = useMemo(
    () => new Set(changes.filter((change) => change.op === 'add').map((change) => change.timestamp)),
    [changes],
  );

  // A newer version read in the background replaces the draft only while there are no edits. Only a
  // newly read one: a base kept on this device (offline drafts) stays until the server answers anew.
  const seen = useRef(loaded);
  useEffect(() => {
    if (loaded === seen.current || dirty || conflict) return;
    seen.current = loaded;
    setBase(loaded);
    setEdited(loaded.evaluation);
  }, [loaded, dirty, conflict]);

  /**
   * A new dated entry with every value of the form. Editing a competence again before saving replaces
   * my unsaved entry instead of piling up entries nobody meant to keep.
   */
  const addEntry = useCallback(
    (uuid: string, values: PropertyChanges) => {
      setEdited((current) => {
        const found = findCompetence(current, uuid);
        if (!found) return current;
        let competence: EvaluationCompetence = found.competence;
        const newest = propertyHistory(competence.properties)[0];
        if (newest && unsaved.has(newest.timestamp))
          competence = deleteCompetenceEntry(competence, newest.timestamp);
        const day = parseIsoDate(editDate);
        const next = editCompetence(competence, values, {
          at: new Date(),
          ...(day ? { editDate: calendarDateToDate(day) } : {}),
          level: found.level,
        });
        return {
          ...current,
          criteria: mapCompetences(current.criteria, (c) => (c.uuid === uuid ? next : c)),
        };
      });
    },
    [editDate, unsaved],
  );

  const deleteEntry = useCallback((uuid: string, timestamp: string) => {
    setEdited((current) => ({
      ...current,
      criteria: mapCompetences(current.criteria, (c) =>
        c.uuid === uuid ? deleteCompetenceEntry(c, timestamp) : c,
      ),
    }));
  }, []);

  // The frame calls save and discard through the registration: keep them reading the latest state.
  const latest = useRef({ base, edited, editDate, dirty, pending: offline.pending });
  latest.current = { base, edited, editDate, dirty, pending: offline.pending };
  const { enqueue } = offline;

  /**
   * Keeps the save on this device (offline, or behind drafts still waiting, which go first): the entries
   * added and deleted as the PATCH would send them, on the base's version; shown here as saved.
   */
  const keepOnDevice = useCallback(
    async (current: typeof latest.current): Promise<'onDevice' | false> => {
      try {
        const operations = draftOperations(
          current.base.evaluation,
          entryPatch(current.base.evaluation, current.edited),
        );
        await enqueue({ operations, baseVersion: current.base.version, editDate: current.editDate });
      } catch (error) {
        notifyApiFailure(t, t('saveDocumentFailure'), error);
        return false;
      }
      setBase({ evaluation: current.edited, version: current.base.version });
      setRebased(false);
      notifyKeptOnDevice(t);
      return 'onDevice';
    },
    [enqueue, t],
  );

  const save = useCallback(async (): Promise<boolean | 'onDevice'> => {
    const current = latest.current;
    if (!current.dirty) return true;
    if (identity !== null && (current.pending > 0 || !isOnline())) return keepOnDevice(current);
    try {
      const saved = await send({
        base: current.base,
        evaluation: current.edited,
        editDate: current.editDate,
      });
      setBase(saved);
      setEdited(saved.evaluation);
      setRebased(false);
      // The frame says saveDocumentSuccess.
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.isStale) {
        try {
          const theirs = await fetchEvaluation(trajectoryId);
          setConflict({
            base: current.base.evaluation,
            mine: current.edited,
            theirs,
            competences: describeConflict(current.base.evaluation, current.edited, theirs.evaluation),
          });
          return false;
        } catch (reloadError) {
          notifyApiFailure(t, t('saveDocumentFailure'), reloadError);
          return false;
        }
      }
      if (identity !== null && isNetworkFailure(error)) return keepOnDevice(current);
      // saveDocumentFailure with the reason.
      notifyApiFailure(t, t('saveDocumentFailure'), error);
      return false;
    }
  }, [send, t, trajectoryId, identity, keepOnDevice]);

  const discard = useCallback(() => {
    setEdited(latest.current.base.evaluation);
    setConflict(null);
    setRebased(false);
  }, []);

  /** The user's answer to a 409: the newer version becomes the base, my changes on it as chosen. */
  const resolve = useCallback(
    (resolution: Resolution) => {
      if (!conflict) return;
      const next = resolveConflict(
        conflict.base,
        conflict.mine,
        conflict.theirs.evaluation,
        resolution,
        new Date(),
      );
      setBase(conflict.theirs);
      setEdited(next);
      setConflict(null);
      setRebased(entryChanges(conflict.theirs.evaluation, next).length > 0);
    },
    [conflict],
  );

  // Register with the header while mounted; again whenever dirty changes. Always valid: the entry
  // dialog checks its own fields before an entry joins the draft.
  const register = useRef(session.registerSection);
  register.current = session.registerSection;
  useEffect(() => {
    register.current({ dirty, valid: true, save, discard });
  }, [dirty, save, discard]);
  useEffect(() => () => register.current(null), []);

  // Leaving edit mode (cancel) drops what was not saved.
  const wasEditing = useRef(session.editing);
  useEffect(() => {
    if (wasEditing.current && !session.editing) discard();
    wasEditing.current = session.editing;
  }, [session.editing, discard]);

  return {
    base,
    evaluation: session.editing ? edited : base.evaluation,
    unsaved,
    editDate,
    setEditDate,
    addEntry,
    deleteEntry,
    conflict,
    resolve,
    rebased,
    offline,
  };
}
