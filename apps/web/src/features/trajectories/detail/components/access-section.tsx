import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconLock, IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessEditor } from '../../../../components/access-editor/access-editor';
import { ConfirmDiscard } from '../../../../components/confirm-discard';
import { LoadFailure } from '../../../../components/load-failure';
import { PageLoader } from '../../../../components/page-loader';
import { UndoRedoButtons } from '../../../../components/undo-redo-buttons';
import { useReportDirty } from '../../../../components/unsaved-guard';
import { ApiError } from '../../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useSession } from '../../../../lib/use-session';
import { useTrajectoryEditSession } from '../../shared/edit-session';
import { useEmailSuggestions } from '../api/use-email-suggestions';
import { useFormFields } from '../api/use-form-fields';
import { useSaveAccess } from '../api/use-save-access';
import { useTrajectoryAccess } from '../api/use-trajectory-access';
import { accessEditButton } from '../edit-rules';
import { AccountInvitations } from './account-invitations';
import { StaleDialog } from './dialogs';
import { MentorLinks } from './mentor-links';
import { useAccessDraft } from './use-access-draft';

/**
 * The access section (spec part 1 §2 "Access section", §4 "Report and access editing", §5; D35): every
 * reader sees the roles and default users; a RIGHTS holder edits them with their own Edit-access,
 * Save and Cancel (not the header's), with undo/redo, and the save skipped when nothing changed.
 */
export function AccessSection() {
  const { t } = useTranslation();
  const { trajectory } = useTrajectoryEditSession();
  const email = useSession()?.claims.sub ?? '';
  const source = useTrajectoryAccess(trajectory.id);
  const fields = useFormFields(trajectory.id);
  const save = useSaveAccess(trajectory.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stale, setStale] = useState<number | null>(null);
  const draft = useAccessDraft(source.data, editing);
  const [typed, setTyped] = useState('');
  const [query] = useDebouncedValue(typed.trim(), 200);
  const suggestions = useEmailSuggestions(trajectory.id, query, trajectory.abilities.updateAccess && editing);
  useReportDirty('access', editing && draft.dirty);

  // Judged on the saved list: the own roles must keep RIGHTS (spec part 1 §5), never while expired.
  const button = source.data ? accessEditButton(trajectory, source.data.access, email) : 'absent';
  // The trajectory expired (or RIGHTS went) while editing: editing stops, the draft is dropped.
  useEffect(() => {
    if (button !== 'enabled') setEditing(false);
  }, [button]);

  if (source.isPending) return <PageLoader />;
  if (source.isError || !draft.access) {
    return (
      <LoadFailure
        withReason
        message={t('loadDocumentError', { document: t('trajectories.access.title') })}
        query={source}
      />
    );
  }

  const submit = async () => {
    if (!draft.access || draft.version === null) return;
    // Saving access is skipped when nothing changed (spec part 1 §4).
    if (!draft.dirty) {
      setEditing(false);
      return;
    }
    try {
      const saved = await save.mutateAsync({ access: draft.access, version: draft.version });
      draft.restart(saved.access, saved.version);
      setEditing(false);
      notifySuccess(t, t('saveDocumentSuccess'));
    } catch (error) {
      if (error instanceof ApiError && error.isStale) setStale(error.version);
      else notifyApiFailure(t, t('saveDocumentFailure'), error);
    }
  };
  const cancel = () => {
    if (draft.dirty) setConfirming(true);
    else setEditing(false);
  };
  const reload = () => {
    setStale(null);
    setEditing(false);
    void source.refetch();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t('trajectories.access.title')}
        </Title>
        {editing ? (
          <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('trajectories.access.toolbar')}>
            <UndoRedoButtons
              onUndo={draft.undo}
              onRedo={draft.redo}
              canUndo={draft.canUndo}
              canRedo={draft.canRedo}
            />
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={() => void submit()}
              disabled={!draft.dirty || !draft.valid}
              loading={save.isPending}
              data-save-shortcut
              aria-keyshortcuts="Control+S Meta+S"
            >
              {t('common.save')}
            </Button>
            <Button variant="default" leftSection={<IconX size={18} />} onClick={cancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        ) : button !== 'absent' ? (
          <Button
            leftSection={<IconPencil size={18} />}
            onClick={() => setEditing(true)}
            disabled={button === 'disabled'}
          >
            {t('trajectories.access.edit')}
          </Button>
        ) : null}
      </Group>

      {button === 'absent' ? (
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{t('trajectories.access.readOnly')}</Text>
          </Group>
        </Paper>
      ) : button === 'disabled' && !trajectory.expired ? (
        // While expired the frame's banner says why.
        <Text size="sm" c="dark.4">
          {t('trajectories.access.wouldLoseRights')}
        </Text>
      ) : null}

      <AccessEditor
        access={draft.access}
        fields={fields.data ?? []}
        reportBlueprints={source.data?.access.reportBlueprints ?? []}
        currentUser={email}
        editable={editing}
        emailSuggestions={suggestions.data ?? []}
        onEmailQuery={setTyped}
        usersHint={t('trajectories.access.usersHint')}
        onChange={draft.change}
      />

      {!editing && source.data?.access.accounts ? (
        <AccountInvitations
          trajectoryId={trajectory.id}
          accounts={source.data.access.accounts}
          canInvite={trajectory.abilities.updateAccess}
        />
      ) : null}

      {trajectory.abilities.updateAccess && !editing && source.data ? (
        <MentorLinks trajectory={trajectory} />
      ) : null}

      <ConfirmDiscard
        opened={confirming}
        onStay={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          draft.discard();
          setEditing(false);
        }}
      />
      <StaleDialog version={stale} onReload={reload} />
    </Stack>
  );
}
