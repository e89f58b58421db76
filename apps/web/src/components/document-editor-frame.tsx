import type { JsonValue } from '@groeipad/core';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';
import type { DocumentEditor } from '../lib/use-document-editor';
import { PageLoader } from './page-loader';
import { UndoRedoButtons } from './undo-redo-buttons';

interface Props<T extends JsonValue> {
  title: string;
  editor: DocumentEditor<T>;
  /** Called after a successful save (e.g. a success notification). */
  onSaved?: () => void;
  onClose: () => void;
  /** Extra toolbar buttons (move up/down, delete, duplicate…). */
  tools?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every document editor (spec part 2 §2 "Blueprint editors"): title, undo, redo, save
 * (only with changes), close, a read-only notice without WRITE, the unsaved-changes question on
 * leaving (exitDocumentMessage) and the explanation of a 409 with a reload.
 */
export function DocumentEditorFrame<T extends JsonValue>({
  title,
  editor,
  onSaved,
  onClose,
  tools,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  if (editor.loading) return <PageLoader />;
  if (editor.loadError)
    return (
      <Alert color="red" title={t('loadDocumentError', { document: title })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, editor.loadError)}</Text>
          <Button variant="light" onClick={() => void editor.reload()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const save = async () => {
    const outcome = await editor.save();
    if (outcome === 'saved') onSaved?.();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Group gap={8} wrap="wrap" role="toolbar" aria-label={t('editor.toolbar')}>
          {tools}
          <UndoRedoButtons
            onUndo={editor.undo}
            onRedo={editor.redo}
            canUndo={editor.writable && editor.canUndo}
            canRedo={editor.writable && editor.canRedo}
          />
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={() => void save()}
            disabled={!editor.writable || !editor.dirty || editor.stale !== null}
            loading={editor.saving}
            data-save-shortcut
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('common.save')}
          </Button>
          <Button variant="default" leftSection={<IconX size={18} />} onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Group>
      {!editor.writable ? (
        <Alert color="blue" variant="light">
          {t('editor.readOnly')}
        </Alert>
      ) : null}
      {editor.saveError && editor.stale === null ? (
        <Alert color="red" title={t('saveDocumentFailure')} withCloseButton={false}>
          {errorText(t, editor.saveError)}
        </Alert>
      ) : null}
      {children}
      <Modal
        opened={editor.stale !== null}
        onClose={() => undefined}
        withCloseButton={false}
        title={t('editor.staleTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('editor.staleMessage', { version: editor.stale ?? '' })}</Text>
          <Group justify="flex-end">
            <Button onClick={() => void editor.reload()}>{t('editor.staleReload')}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={editor.blocker.state === 'blocked'}
        onClose={() => editor.blocker.reset?.()}
        title={t('editor.leaveTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('exitDocumentMessage')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => editor.blocker.reset?.()}>
              {t('editor.stay')}
            </Button>
            <Button color="red.8" onClick={() => editor.blocker.proceed?.()}>
              {t('editor.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
