import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorText } from '../../../lib/api-error';
import { notifyApiFailure } from '../../../lib/notify';
import { HistoryButton } from '../history/history-button';
import { useTrajectoryEditSession } from '../shared/edit-session';
import { NoAccess } from '../shared/no-access';
import { useSaveForm } from './api/use-save-form';
import { type LoadedForm, trajectoryFormKey, useTrajectoryForm } from './api/use-trajectory-form';
import { FormContext, type FormState } from './form-context';
import { FormFields } from './form-field';
import { filterFields } from './form-filter';
import { accessOf, anyWritable, formRights } from './form-rights';
import { fieldsNamedByServer, formErrors, shownErrors } from './form-validity';
import { buildFormPatch, type FormValues, fieldsWithValues, valueUuids, withValue } from './form-values';

/**
 * The information form section of the trajectory detail frame (spec part 1 §2, §4 "Form editing",
 * issue 8): every field the user may read, editable in the header's edit mode where they may write,
 * filtered by the header's filter box. Saving sends the changed values as a JSON Patch at
 * `/values/{uuid}` with If-Match (D1, D29, D33) and is blocked while a field is invalid.
 */
export function FormSection() {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const id = session.trajectory.id;
  const form = useTrajectoryForm(id);

  if (form.isPending) return <PageLoader />;
  const failed = form.error;
  if (failed || !form.data) {
    return (
      <Alert
        color="red"
        role="alert"
        title={t('loadDocumentError', { document: t('trajectories.form.document') })}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, failed)}</Text>
          <Button variant="light" onClick={() => void form.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <FormEditor loaded={form.data} />;
}

function FormEditor({ loaded }: { loaded: LoadedForm }) {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const id = session.trajectory.id;
  const queryClient = useQueryClient();
  const { mutateAsync: sendPatch } = useSaveForm(id);

  // The form being edited: the version and values the edits are made on (a background refetch does
  // not replace it while there are edits; a save or a reload does).
  const [base, setBase] = useState<LoadedForm>(loaded);
  const [edited, setEdited] = useState<FormValues>(loaded.values);
  const [serverInvalid, setServerInvalid] = useState<ReadonlySet<string>>(new Set());
  const [stale, setStale] = useState(false);
  const [showInvalid, setShowInvalid] = useState(false);
  // Fields changed in this edit: a required field shows its error once touched or after a save was
  // tried (issue 21: not red before anyone touched it).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const patch = useMemo(() => buildFormPatch(base.values, edited), [base.values, edited]);
  const dirty = patch.length > 0;

  useEffect(() => {
    if (loaded === base || dirty) return;
    setBase(loaded);
    setEdited(loaded.values);
  }, [loaded, base, dirty]);

  // The server sends only the fields the user may read (D18), with those they may write.
  const rights = useMemo(() => formRights(base.fields, base.writable), [base.fields, base.writable]);
  const readable = base.fields;
  const valuedFields = useMemo(() => fieldsWithValues(readable, edited), [readable, edited]);
  const required = useMemo(() => formErrors(readable, edited, rights), [readable, edited, rights]);
  const valid = required.size === 0 && serverInvalid.size === 0;
  const shown = useMemo(() => filterFields(readable, session.filter), [readable, session.filter]);

  const { errors, problems } = useMemo(
    () => shownErrors(required, serverInvalid, touched, showInvalid),
    [required, serverInvalid, showInvalid, touched],
  );
  const reveal = useCallback(() => setShowInvalid(true), []);

  const setValue = useCallback((uuid: string, value: unknown) => {
    setEdited((current) => withValue(current, uuid, value));
    setTouched((current) => (current.has(uuid) ? current : new Set(current).add(uuid)));
    setServerInvalid((current) => {
      if (!current.has(uuid)) return current;
      const next = new Set(current);
      next.delete(uuid);
      return next;
    });
  }, []);

  const reload = useCallback(async () => {
    setStale(false);
    setServerInvalid(new Set());
    await queryClient.refetchQueries({ queryKey: trajectoryFormKey(id), exact: true });
    const fresh = queryClient.getQueryData<LoadedForm>(trajectoryFormKey(id));
    if (!fresh) return;
    setBase(fresh);
    setEdited(fresh.values);
  }, [queryClient, id]);

  // The frame calls save and discard through the registration: keep them reading the latest state.
  const latest = useRef({ patch, valid, base, readable });
  latest.current = { patch, valid, base, readable };

  const save = useCallback(async (): Promise<boolean> => {
    const current = latest.current;
    if (current.patch.length === 0) return true;
    if (!current.valid) {
      setShowInvalid(true);
      return false;
    }
    try {
      const saved = await sendPatch({ patch: current.patch, version: current.base.version });
      setBase(saved);
      setEdited(saved.values);
      setServerInvalid(new Set());
      setShowInvalid(false);
      setTouched(new Set());
      // The frame says saveDocumentSuccess once the header's part is saved too.
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.isStale) {
        setStale(true);
        return false;
      }
      if (error instanceof ApiError && error.key === 'invalidDocumentContent') {
        const uuids = new Set(valueUuids(current.readable));
        setServerInvalid(
          fieldsNamedByServer(
            error.fields.map((field) => field.path),
            uuids,
          ),
        );
        setShowInvalid(true);
      }
      notifyApiFailure(t, t('saveDocumentFailure'), error);
      return false;
    }
  }, [sendPatch, t]);

  const discard = useCallback(() => {
    const current = latest.current;
    setEdited(current.base.values);
    setServerInvalid(new Set());
    setShowInvalid(false);
    setTouched(new Set());
  }, []);

  // Register with the header while mounted; again whenever dirty or valid change.
  const register = useRef(session.registerSection);
  register.current = session.registerSection;
  useEffect(() => {
    register.current({ dirty, valid, problems, reveal, save, discard });
  }, [dirty, valid, problems, reveal, save, discard]);
  useEffect(() => () => register.current(null), []);

  // Leaving edit mode (cancel) drops what was not saved.
  const wasEditing = useRef(session.editing);
  useEffect(() => {
    if (wasEditing.current && !session.editing) discard();
    wasEditing.current = session.editing;
  }, [session.editing, discard]);

  const state: FormState = useMemo(
    () => ({
      values: session.editing ? edited : base.values,
      valuedFields: session.editing ? valuedFields : fieldsWithValues(readable, base.values),
      rights,
      editing: session.editing,
      filtering: session.filter.trim() !== '',
      errors,
      setValue,
    }),
    [session.editing, session.filter, edited, base.values, valuedFields, readable, rights, errors, setValue],
  );

  if (readable.length === 0) {
    return session.trajectory.abilities.readInformation ? (
      <Text c="gray.7">{t('trajectories.form.empty')}</Text>
    ) : (
      <NoAccess section={t('trajectories.form.section')} testId="form-no-access" />
    );
  }

  return (
    <FormContext.Provider value={state}>
      <Stack gap="md" maw={760} w="100%" data-testid="form-section" className="tap-targets">
        <Group>
          {/* Change history (issue 9): restoring needs write on the field, never while expired (D12) or editing. */}
          <HistoryButton
            trajectoryId={id}
            target={{ part: 'form' }}
            subject={t('trajectories.history.subjects.form')}
            canRestore={(uuid) => !session.trajectory.expired && accessOf(rights, uuid).write}
            block={session.trajectory.expired ? 'expired' : session.editing ? 'editing' : null}
            onRestored={() => void reload()}
          />
        </Group>
        {stale ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('messages.staleDocument')}</Text>
              <Button variant="light" onClick={() => void reload()}>
                {t('trajectories.form.reload')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {session.editing && showInvalid && !valid ? (
          <Alert color="red" role="alert">
            {t('invalidDocumentContent')}
          </Alert>
        ) : null}
        {session.editing && !anyWritable(rights) ? (
          <Text size="sm" c="gray.7">
            {t('trajectories.form.readOnly')}
          </Text>
        ) : null}
        {shown.length === 0 ? (
          <Text c="gray.7">{t('trajectories.form.noMatch', { filter: session.filter.trim() })}</Text>
        ) : (
          <FormFields fields={shown} />
        )}
      </Stack>
    </FormContext.Provider>
  );
}
