import { informationFromRows, TRAJECTORY_DATA_ACCEPT, type TrajectoryInformation } from '@groeipad/core';
import { Alert, FileInput, List, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSpreadsheet, SpreadsheetError } from '../../../../lib/spreadsheet';

/** What the chosen data file gave. */
export type DataFileState =
  | { status: 'none' }
  | { status: 'reading' }
  /** Fewer than 2 rows: ignored (spec part 1 §5). */
  | { status: 'ignored' }
  | { status: 'read'; information: TrajectoryInformation }
  | { status: 'failed'; message: string };

interface Props {
  value: DataFileState;
  onChange: (state: DataFileState) => void;
}

/** Shown in the dialog: at most this many of the file's columns. */
const PREVIEW_MAX = 8;

/**
 * The optional data file of a new trajectory (.xlsx, .xls, .csv), read in the spreadsheet Web Worker:
 * first row the names, second row the values (D14). A file with fewer than 2 rows is ignored, and the
 * dialog says so.
 */
export function DataFileField({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  // A newer choice wins over a slower read of an earlier file.
  const latest = useRef(0);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    const attempt = ++latest.current;
    if (!chosen) {
      onChange({ status: 'none' });
      return;
    }
    onChange({ status: 'reading' });
    let next: DataFileState;
    try {
      const information = informationFromRows(await readSpreadsheet(chosen, { maxRows: 2 }));
      next = information ? { status: 'read', information } : { status: 'ignored' };
    } catch (error) {
      const code = error instanceof SpreadsheetError ? error.code : 'unreadable';
      next = { status: 'failed', message: t(`spreadsheet.${code}`, { size: '10 MiB' }) };
    }
    if (attempt === latest.current) onChange(next);
  };

  const entries = value.status === 'read' ? Object.entries(value.information) : [];
  return (
    <Stack gap={6}>
      <FileInput
        label={t('trajectories.create.dataFile')}
        description={t('trajectories.create.dataFileHelp')}
        placeholder={t('trajectories.create.dataFilePlaceholder')}
        accept={TRAJECTORY_DATA_ACCEPT}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
        clearButtonProps={{ 'aria-label': t('trajectories.create.clearFile') }}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        error={value.status === 'failed' ? value.message : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {value.status === 'reading' ? (
        <Text size="sm" c="dark.4" role="status">
          {t('trajectories.create.reading')}
        </Text>
      ) : null}
      {value.status === 'ignored' ? (
        <Alert color="yellow" role="status" data-testid="data-file-ignored">
          {t('trajectories.create.ignored')}
        </Alert>
      ) : null}
      {value.status === 'read' ? (
        <Alert color="green" role="status" data-testid="data-file-read">
          <Text size="sm">{t('trajectories.create.found', { count: entries.length })}</Text>
          <List size="sm" mt={4} spacing={2}>
            {entries.slice(0, PREVIEW_MAX).map(([name, text]) => (
              <List.Item key={name} style={{ overflowWrap: 'anywhere' }}>
                <strong>{name}</strong>: {text}
              </List.Item>
            ))}
          </List>
          {entries.length > PREVIEW_MAX ? (
            <Text size="sm" mt={4}>
              {t('trajectories.create.more', { count: entries.length - PREVIEW_MAX })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
