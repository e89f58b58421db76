import {
  type AdminRights,
  applyEvaluationRightChange,
  type EvaluationRights,
  type Field,
  type TrajectoryRole,
} from '@groeipad/core';
import { Checkbox, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRightsTable } from './field-rights-table';
import classes from './rights-checkbox.module.css';

export interface ReportBlueprintFields {
  name: string;
  fields: readonly Field[];
}

interface Props {
  role: TrajectoryRole;
  fields: readonly Field[];
  reportBlueprints: readonly ReportBlueprintFields[];
  editable: boolean;
  /** Changes the role (an immer recipe on the role's draft). */
  onRole: (recipe: (role: TrajectoryRole) => void) => void;
}

/** A copy of a record with one entry set, in place when it exists ('__proto__' stays a plain key). */
function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const entries = Object.entries(record);
  return Object.fromEntries(
    Object.hasOwn(record, key)
      ? entries.map(([name, entry]) => [name, name === key ? value : entry])
      : [...entries, [key, value]],
  );
}

const EVALUATION_FLAGS = ['write', 'read'] as const satisfies readonly (keyof EvaluationRights)[];
const ADMIN_FLAGS = ['purchase', 'metadata', 'rights'] as const satisfies readonly (keyof AdminRights)[];

/** The rights of one role in four sub-tabs: information, evaluation, reports, admin rights. */
export function RoleRights({ role, fields, reportBlueprints, editable, onRole }: Props) {
  const { t } = useTranslation();
  const [report, setReport] = useState<string | null>(null);
  const current = reportBlueprints.find((entry) => entry.name === report) ?? reportBlueprints[0];
  const reportMap =
    current && Object.hasOwn(role.reportRights, current.name) ? role.reportRights[current.name] : {};

  return (
    <Tabs defaultValue="information" keepMounted={false}>
      <Tabs.List aria-label={t('accessEditor.rightsTabs', { role: role.name })}>
        <Tabs.Tab value="information">{t('accessEditor.tabs.information')}</Tabs.Tab>
        <Tabs.Tab value="evaluation">{t('accessEditor.tabs.evaluation')}</Tabs.Tab>
        <Tabs.Tab value="reports">{t('accessEditor.tabs.reports')}</Tabs.Tab>
        <Tabs.Tab value="admin">{t('accessEditor.tabs.admin')}</Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="information" pt="md">
        <FieldRightsTable
          kind="information"
          fields={fields}
          map={role.informationRights}
          rootName={t('accessEditor.wholeForm')}
          label={t('accessEditor.informationTable', { role: role.name })}
          editable={editable}
          onChange={(map) =>
            onRole((draft) => {
              draft.informationRights = map;
            })
          }
        />
      </Tabs.Panel>

      <Tabs.Panel value="evaluation" pt="md">
        <Stack gap="sm">
          <Text size="sm" c="dark.4">
            {t('accessEditor.evaluationHint')}
          </Text>
          {EVALUATION_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`accessEditor.evaluationFlags.${flag}`)}
              checked={role.evaluationRights[flag]}
              disabled={!editable}
              classNames={{ input: classes.input }}
              onChange={(event) => {
                const next = applyEvaluationRightChange(role.evaluationRights, {
                  flag,
                  value: event.currentTarget.checked,
                });
                onRole((draft) => {
                  draft.evaluationRights = next;
                });
              }}
            />
          ))}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="reports" pt="md">
        {current ? (
          <Stack gap="sm">
            <Select
              label={t('accessEditor.report')}
              data={reportBlueprints.map((entry) => entry.name)}
              value={current.name}
              onChange={(value) => setReport(value)}
              allowDeselect={false}
              maw={360}
            />
            <FieldRightsTable
              key={current.name}
              kind="report"
              fields={current.fields}
              map={reportMap ?? {}}
              rootName={t('accessEditor.wholeReport')}
              label={t('accessEditor.reportTable', { role: role.name, report: current.name })}
              editable={editable}
              onChange={(map) =>
                onRole((draft) => {
                  draft.reportRights = withEntry(draft.reportRights, current.name, map);
                })
              }
            />
          </Stack>
        ) : (
          <Text size="sm" c="dark.4">
            {t('accessEditor.noReports')}
          </Text>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="admin" pt="md">
        <Stack gap="sm">
          {ADMIN_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`accessEditor.adminFlags.${flag}`)}
              description={t(`accessEditor.adminFlagHints.${flag}`)}
              checked={role.adminRights[flag]}
              disabled={!editable}
              classNames={{ input: classes.input }}
              onChange={(event) => {
                const value = event.currentTarget.checked;
                onRole((draft) => {
                  draft.adminRights[flag] = value;
                });
              }}
            />
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
