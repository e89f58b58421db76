import type { LibraryEntry } from '@groeipad/core';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../../lib/notify';
import { useImportLibraryEntry } from '../../api/use-import-library-entry';
import { BlueprintFormModal } from './blueprint-form-modal';
import { editorPath } from './blueprint-rows';
import { LibraryEntryChooser } from './library-entry-chooser';

/**
 * Import from the library: choose an entry, give it a name and description (prefilled from the entry);
 * a new blueprint whose editor then opens (spec part 2 §4, D8).
 */
export function ImportLibraryDialog({
  entries,
  onClose,
}: {
  entries: readonly LibraryEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const importEntry = useImportLibraryEntry();
  const [entry, setEntry] = useState<LibraryEntry | null>(null);
  const [tried, setTried] = useState(false);

  return (
    <BlueprintFormModal
      title={t('blueprintList.library.importTitle')}
      submitLabel={t('blueprintList.library.importSubmit')}
      initial={{ name: entry?.name ?? '', description: entry?.description ?? '' }}
      resetKey={entry?.id ?? -1}
      incomplete={!entry}
      onAttempt={() => setTried(true)}
      pending={importEntry.isPending}
      error={importEntry.error}
      onEdit={() => importEntry.reset()}
      onClose={onClose}
      onSubmit={(value) => {
        if (!entry) return;
        importEntry.mutate(
          { entryId: entry.id, ...value },
          {
            onSuccess: (id) => {
              notifySuccess(t, t('blueprintList.library.imported', { name: value.name }));
              navigate(editorPath(entry.type, id));
            },
          },
        );
      }}
    >
      {entries.length === 0 ? (
        <Text size="sm" c="dark.4" role="status">
          {t('blueprintList.library.empty')}
        </Text>
      ) : (
        <LibraryEntryChooser
          label={t('blueprintList.library.choose')}
          entries={entries}
          value={entry?.id ?? null}
          onChange={(chosen) => {
            setEntry(chosen);
            importEntry.reset();
          }}
          error={tried && !entry ? t('messages.required') : null}
        />
      )}
    </BlueprintFormModal>
  );
}
