import type { ReportListEntry } from '@groeipad/core';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogCancel, GuardedModal } from '../../../../components/guarded-modal';
import { ApiError, errorText } from '../../../../lib/api-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCreateReport } from '../api/use-create-report';
import { createProblem } from '../report-navigation';
import { reportPath } from '../report-route';

/**
 * Create a report (spec part 1 §2, §5): the report blueprints the user may create from (admin on it),
 * a non-blank name unique within the chosen report blueprint's reports; then saveReportSuccess and the
 * new report opens in edit mode (`?edit=true`).
 */
export function CreateReportDialog({
  trajectoryId,
  opened,
  blueprintNames,
  reports,
  onClose,
}: {
  trajectoryId: number;
  opened: boolean;
  blueprintNames: readonly string[];
  reports: readonly ReportListEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateReport(trajectoryId);
  const [blueprintName, setBlueprintName] = useState<string>('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setBlueprintName(blueprintNames.length === 1 ? (blueprintNames[0] ?? '') : '');
    setName('');
    setTouched(false);
    create.reset();
  }, [opened, blueprintNames, create.reset]);

  const problem = createProblem(name, blueprintName || null, reports);
  const serverName =
    create.error instanceof ApiError
      ? create.error.fields.find((field) => field.path === 'name')?.key
      : undefined;
  const nameError =
    touched && problem && problem !== 'blueprintRequired'
      ? t(`trajectories.reports.create.${problem}`)
      : serverName
        ? t(`trajectories.reports.create.${serverName === 'duplicate' ? 'duplicate' : 'invalid'}`)
        : null;
  const otherFailure = create.error && !serverName ? errorText(t, create.error) : null;

  const submit = () => {
    setTouched(true);
    if (problem) return;
    create.mutate(
      { blueprintName, name },
      {
        onSuccess: ({ report }) => {
          notifySuccess(t, t('saveReportSuccess'));
          onClose();
          void navigate(reportPath(trajectoryId, report.id, true));
        },
      },
    );
  };

  return (
    <GuardedModal
      dirty={name.trim() !== ''}
      opened={opened}
      onClose={onClose}
      title={t('trajectories.reports.create.title')}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('trajectories.reports.create.blueprint')}
            value={blueprintName}
            onChange={(event) => {
              setBlueprintName(event.currentTarget.value);
              create.reset();
            }}
            data={[
              { value: '', label: t('trajectories.reports.create.chooseBlueprint'), disabled: true },
              ...blueprintNames.map((value) => ({ value, label: value })),
            ]}
            error={touched && !blueprintName ? t('trajectories.reports.create.blueprintRequired') : null}
            required
          />
          <TextInput
            label={t('trajectories.reports.create.name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              create.reset();
            }}
            onBlur={() => name !== '' && setTouched(true)}
            error={nameError}
            maxLength={255}
            required
            data-autofocus
          />
          {otherFailure ? (
            <Text size="sm" c="red.8" role="alert">
              {otherFailure}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <DialogCancel />
            <Button type="submit" loading={create.isPending} disabled={touched && problem !== null}>
              {t('trajectories.reports.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
