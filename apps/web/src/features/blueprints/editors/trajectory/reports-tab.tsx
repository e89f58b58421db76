import { reportBlueprintAddProblem, type TrajectoryBlueprintContent } from '@groeipad/core';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure } from '../../../../lib/notify';
import { useBlueprintsOfType } from '../../api/use-blueprint-list';
import { useLinkStates } from './link-states';
import { addReport, linkStatus, moveEntry, removeReport, updateReport } from './links';
import { loadReportFields } from './load-linked-content';
import { ReportRow } from './report-row';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  admin: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

const PROBLEM_KEYS = {
  blueprintRequired: 'trajectoryBlueprintEditor.reportBlueprintRequired',
  required: 'messages.required',
  tooLong: 'messages.tooLong',
  duplicate: 'trajectoryBlueprintEditor.reportNameTaken',
} as const;

/**
 * The reports tab: report blueprints included as copies `{id, version, name, fields}` (D9), picked from
 * the REPORT blueprints; the name must be non-blank and unique. Remove, reorder, and update to the
 * latest version (ADMIN).
 */
export function ReportsTab({ content, writable, admin, change }: Props) {
  const { t } = useTranslation();
  const list = useBlueprintsOfType('REPORT');
  const states = useLinkStates();
  const candidates = list.data?.map(({ id, name, version }) => ({ id, name, version }));
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [updating, setUpdating] = useState<string | null>(null);
  const reports = content.reportBlueprints;
  const names = reports.map((entry) => entry.name);
  const problem = reportBlueprintAddProblem(name, names, chosen !== null);
  const shownProblem = chosen !== null && problem !== null ? t(PROBLEM_KEYS[problem]) : undefined;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = candidates?.find((entry) => String(entry.id) === chosen);
    if (problem !== null || !candidate) return;
    setAdding(true);
    try {
      const loaded = await loadReportFields(candidate.id, candidate.version);
      change(
        addReport({ id: candidate.id, version: loaded.version, name: name.trim(), fields: loaded.fields }),
      );
      setChosen(null);
      setName('');
    } catch (error) {
      notifyApiFailure(t, t('trajectoryBlueprintEditor.linkFailed'), error);
    } finally {
      setAdding(false);
    }
  };

  const update = async (reportName: string, id: number, latest: number) => {
    setUpdating(reportName);
    try {
      const loaded = await loadReportFields(id, latest);
      change(updateReport(reportName, loaded.version, loaded.fields));
    } catch (error) {
      notifyApiFailure(t, t('trajectoryBlueprintEditor.linkFailed'), error);
    } finally {
      setUpdating(null);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('trajectoryBlueprintEditor.reportsTitle')}
          </Title>
          {reports.length === 0 ? (
            <Text size="sm" c="dark.4">
              {t('trajectoryBlueprintEditor.noReports')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('trajectoryBlueprintEditor.reportsTitle')}
            >
              {reports.map((report, index) => (
                <ReportRow
                  key={report.name}
                  report={report}
                  status={
                    report.id === null ? null : linkStatus(report, list.isError ? [] : candidates, states)
                  }
                  first={index === 0}
                  last={index === reports.length - 1}
                  writable={writable}
                  admin={admin}
                  busy={updating === report.name}
                  onMove={(step) => change((draft) => moveEntry(draft.reportBlueprints, index, step))}
                  onRemove={() => change(removeReport(report.name))}
                  onUpdate={(latest) => void update(report.name, report.id as number, latest)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      {writable ? (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={(event) => void add(event)} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('trajectoryBlueprintEditor.addReportTitle')}
              </Title>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <Select
                  label={t('trajectoryBlueprintEditor.reportBlueprint')}
                  data={(candidates ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
                  value={chosen}
                  onChange={(value) => {
                    setChosen(value);
                    const picked = candidates?.find((entry) => String(entry.id) === value);
                    if (picked) setName(picked.name);
                  }}
                  searchable
                  nothingFoundMessage={t('common.nothingFound')}
                  style={{ flex: '1 1 220px' }}
                />
                <TextInput
                  label={t('trajectoryBlueprintEditor.reportName')}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={shownProblem}
                  disabled={chosen === null}
                  style={{ flex: '1 1 220px' }}
                  maxLength={300}
                />
                <Button
                  type="submit"
                  leftSection={<IconPlus size={16} />}
                  disabled={problem !== null}
                  loading={adding}
                  mt={{ base: 0, xs: 25 }}
                >
                  {t('trajectoryBlueprintEditor.addReport')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
