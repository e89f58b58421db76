import type { BlueprintDocument } from '@groeipad/core';
import { Button, Group, Text } from '@mantine/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure } from '../../../../lib/notify';
import { exportFramework, notifyImported } from '../../api/use-frameworks';
import { FrameworkImportDialog } from './framework-import-dialog';

interface Props {
  blueprint: Pick<BlueprintDocument, 'id' | 'name' | 'abilities'>;
  /** The editor holds unsaved changes: a new version would make them stale, so it waits for a save. */
  dirty: boolean;
  /** After a new version: the editor reads the list again. */
  onImported: () => void;
}

/**
 * The competence list editor's CASE actions (D56): "Exporteren als CASE" (the saved version, as
 * `<name>.case.json`) for whoever reads the list, and "Nieuwe versie importeren" for whoever may write it.
 */
export function FrameworkActions({ blueprint, dirty, onImported }: Props) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportIt = async () => {
    setExporting(true);
    try {
      await exportFramework(blueprint.id, blueprint.name);
    } catch (error) {
      notifyApiFailure(t, t('frameworks.exportFailed'), error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group gap="xs" wrap="wrap" align="center" data-testid="framework-actions">
      <Button
        variant="default"
        leftSection={<IconFileExport size={18} aria-hidden />}
        loading={exporting}
        onClick={() => void exportIt()}
      >
        {t('frameworks.export')}
      </Button>
      {blueprint.abilities.write ? (
        <>
          <Button
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            disabled={dirty}
            aria-describedby={dirty ? 'framework-save-first' : undefined}
            onClick={() => setImporting(true)}
          >
            {t('frameworks.newVersion')}
          </Button>
          {dirty ? (
            <Text size="sm" c="dark.4" id="framework-save-first">
              {t('frameworks.saveFirst')}
            </Text>
          ) : null}
        </>
      ) : null}
      {importing ? (
        <FrameworkImportDialog
          list={{ id: blueprint.id, name: blueprint.name }}
          onClose={() => setImporting(false)}
          onImported={(result, name) => {
            setImporting(false);
            notifyImported(t, result, name);
            onImported();
          }}
        />
      ) : null}
    </Group>
  );
}
