import type { BlueprintListItem, LibraryEntry } from '@groeipad/core';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/api-error';
import { notifySuccess } from '../../../../lib/notify';
import { useRemoveLibraryEntry } from '../../api/use-remove-library-entry';
import { likelyEntry } from './blueprint-rows';
import { LibraryEntryChooser } from './library-entry-chooser';

/**
 * Remove from the library: GET /api/library carries no source ids, so the user chooses the entry
 * (preselected when a selected blueprint matches it); DELETE /api/library/{id}.
 */
export function RemoveLibraryDialog({
  entries,
  selected,
  onClose,
}: {
  entries: readonly LibraryEntry[];
  selected: readonly BlueprintListItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveLibraryEntry();
  const [entry, setEntry] = useState<LibraryEntry | null>(() => likelyEntry(entries, selected));

  const confirm = () => {
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        notifySuccess(t, t('blueprintList.library.removed', { name: entry.name }));
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('blueprintList.library.removeTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {entries.length === 0 ? (
          <Text size="sm" c="dark.4" role="status">
            {t('blueprintList.library.empty')}
          </Text>
        ) : (
          <LibraryEntryChooser
            label={t('blueprintList.library.chooseRemove')}
            entries={entries}
            value={entry?.id ?? null}
            onChange={(chosen) => {
              setEntry(chosen);
              remove.reset();
            }}
          />
        )}
        {remove.error ? (
          <Alert color="red" role="alert" title={t('blueprintList.library.removeError')}>
            {errorText(t, remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red.8" disabled={!entry} loading={remove.isPending} onClick={confirm}>
            {t('blueprintList.library.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
