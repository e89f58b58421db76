import type { Competence } from '@groeipad/core';
import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { readSpreadsheet, SPREADSHEET_ACCEPT, SpreadsheetError } from '../../../../lib/spreadsheet';
import { newUuid } from '../new-uuid';
import { importCompetenceRows } from './import-rows';
import { cleanRichText } from './rich-text-html';

/** Largest number of rows an import reads. */
const MAX_ROWS = 5000;

function cleaned(nodes: readonly Competence[]): Competence[] {
  return nodes.map((node) => ({
    ...node,
    info: cleanRichText(node.info),
    subcompetences: cleaned(node.subcompetences),
  }));
}

/**
 * Imports competences from an .xlsx, .xls or .csv file (spec part 2 §5), read in a Web Worker: outline
 * numbers 1, 1.1, 1.1.1 in the first column, the name in the second, info in an optional third. The
 * result is added to the list as one undoable change; rows with a missing parent are counted in the
 * message; a fourth level refuses the file.
 */
export function CompetenceImport({ onImport }: { onImport: (competences: Competence[]) => void }) {
  const { t } = useTranslation();
  const [reading, setReading] = useState(false);
  const [summary, setSummary] = useState<{ added: number; skipped: number[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setSummary(null);
    setFailure(null);
    setReading(true);
    try {
      const result = importCompetenceRows(await readSpreadsheet(file, { maxRows: MAX_ROWS }), newUuid);
      if (!result.ok) {
        setFailure(
          result.reason === 'tooDeep'
            ? t('blueprintEditors.import.tooDeep', { row: result.row, outline: result.outline })
            : t('blueprintEditors.import.noRows'),
        );
        return;
      }
      onImport(cleaned(result.competences));
      setSummary({ added: result.added, skipped: result.skippedRows });
    } catch (error) {
      setFailure(
        error instanceof SpreadsheetError
          ? t(`spreadsheet.${error.code}`, { size: '10 MiB' })
          : t('spreadsheet.unreadable'),
      );
    } finally {
      setReading(false);
    }
  };

  const object = t('blueprintEditors.import.object');
  return (
    <>
      <Group gap="sm" wrap="wrap" justify="space-between" align="center">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {t('blueprintEditors.import.help')}
        </Text>
        <FileButton onChange={(file) => void choose(file)} accept={SPREADSHEET_ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={reading}
            >
              {t('blueprintEditors.import.button')}
            </Button>
          )}
        </FileButton>
      </Group>
      {summary ? (
        <Alert
          color={summary.skipped.length > 0 ? 'yellow' : 'green'}
          title={t('importObjectSuccess', { object })}
          data-testid="import-summary"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setSummary(null)}
          // The light yellow's own title colour is too faint on its background (WCAG AA).
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          {t('blueprintEditors.import.added', { count: summary.added })}
          {summary.skipped.length > 0
            ? ` ${t('blueprintEditors.import.skipped', { count: summary.skipped.length, rows: summary.skipped.join(', ') })}`
            : null}
        </Alert>
      ) : null}
      <FailureAlert title={t('importObjectError', { object })} message={failure} />
    </>
  );
}
