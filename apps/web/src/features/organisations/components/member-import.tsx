import { MEMBER_IMPORT_MAX_ROWS, type OrganisationUsersImported } from '@groeipad/core';
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { errorText } from '../../../lib/api-error';
import { readSpreadsheet, SPREADSHEET_ACCEPT, SpreadsheetError } from '../../../lib/spreadsheet';
import { useImportOrganisationUsers } from '../api/use-import-organisation-users';
import { membersFromRows } from './member-rows';

class ImportRowsError extends Error {
  constructor(readonly key: 'noRows' | 'tooManyRows') {
    super(key);
  }
}

/**
 * Imports members from an .xlsx, .xls or .csv file: read in a worker, sent to the server, which adds
 * the valid new addresses; shows how many were added and skipped.
 */
export function MemberImport({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const importUsers = useImportOrganisationUsers(organisationId);
  const [reading, setReading] = useState(false);
  const [summary, setSummary] = useState<OrganisationUsersImported | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const object = t('objects.user', { count: 2 });

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setSummary(null);
    setFailure(null);
    setReading(true);
    let users: ReturnType<typeof membersFromRows>;
    try {
      users = membersFromRows(await readSpreadsheet(file, { maxRows: MEMBER_IMPORT_MAX_ROWS + 1 }));
      if (users.length === 0) throw new ImportRowsError('noRows');
      if (users.length > MEMBER_IMPORT_MAX_ROWS) throw new ImportRowsError('tooManyRows');
    } catch (error) {
      const detail =
        error instanceof SpreadsheetError
          ? t(`spreadsheet.${error.code}`, { size: '10 MiB' })
          : error instanceof ImportRowsError
            ? t(`organisationPage.${error.key}`, { max: MEMBER_IMPORT_MAX_ROWS })
            : t('spreadsheet.unreadable');
      setFailure(detail);
      return;
    } finally {
      setReading(false);
    }
    importUsers.mutate(
      { users },
      {
        onSuccess: setSummary,
        onError: (error) => setFailure(errorText(t, error)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" justify="space-between" align="center">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {t('organisationPage.importHelp')}
        </Text>
        <FileButton onChange={(file) => void choose(file)} accept={SPREADSHEET_ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={reading || importUsers.isPending}
            >
              {t('organisationPage.import')}
            </Button>
          )}
        </FileButton>
      </Group>
      {summary ? (
        <Alert color="green" title={t('importObjectSuccess', { object })} data-testid="import-summary">
          {t('organisationPage.importSummary', {
            added: t('organisationPage.importAdded', { count: summary.added.length }),
            skipped: t('organisationPage.importSkipped', { count: summary.skipped }),
          })}
          {summary.skipped > 0 ? ` ${t('organisationPage.importSkippedHint')}` : null}
        </Alert>
      ) : null}
      <FailureAlert title={t('importObjectError', { object })} message={failure} />
    </Stack>
  );
}
