import { DESCRIPTION_MAX, NAME_MAX } from '@groeipad/core';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogCancel, GuardedModal } from '../../../../components/guarded-modal';
import { ApiError, errorText, fieldErrorTexts } from '../../../../lib/api-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCreateTrajectory } from '../api/use-create-trajectory';
import { useBlueprintAccess } from '../api/use-trajectory-blueprint-content';
import { trajectoryListKey } from '../api/use-trajectory-list';
import { creationAccess, creationInformation, titleDescriptionProblems } from '../creation';
import { BlueprintField } from './blueprint-field';
import { DataFileField, type DataFileState } from './data-file-field';

/** Server field errors shown beside a field of this dialog. */
const SHOWN_FIELDS = ['name', 'description', 'blueprintId'];

/**
 * New trajectory (spec part 1 §5): a trajectory blueprint (required), title and description with
 * counters, and an optional data file. The access is the blueprint's roles and default users with the
 * creator holding its RIGHTS roles (principalRequiredRights without one). The data file's row goes with
 * the create call (D40: columns naming a form field fill it under the creator's rights, the rest is the
 * information map), so a trajectory is made with all of it or not at all; then it opens.
 */
export function CreateTrajectoryDialog({
  creatorEmail,
  onClose,
}: {
  creatorEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateTrajectory();
  const [blueprintId, setBlueprintId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [dataFile, setDataFile] = useState<DataFileState>({ status: 'none' });
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const blueprintAccess = useBlueprintAccess(blueprintId);
  const access = blueprintAccess.data ? creationAccess(blueprintAccess.data, creatorEmail) : null;

  const problems = titleDescriptionProblems(name, description);
  const server = fieldErrorTexts(t, create.error);
  const errors = {
    blueprint: tried && blueprintId === null ? t('messages.required') : server.blueprintId,
    name: tried && problems.name ? t(`messages.${problems.name}`) : server.name,
    description: tried && problems.description ? t(`messages.${problems.description}`) : server.description,
  };
  // D40: columns of the data file that name a form field whose type cannot take their text.
  const unfitColumns =
    create.error instanceof ApiError
      ? create.error.fields.filter((f) => f.path.startsWith('information.')).map((f) => f.path.slice(12))
      : [];
  const otherFailure =
    create.error &&
    unfitColumns.length === 0 &&
    !(create.error instanceof ApiError && create.error.fields.some((f) => SHOWN_FIELDS.includes(f.path)))
      ? errorText(t, create.error)
      : null;

  const edited = () => {
    if (create.error) create.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (submitting || blueprintId === null || problems.name || problems.description) return;
    if (dataFile.status === 'reading' || !access?.ok) return;
    setSubmitting(true);
    try {
      const id = await create.mutateAsync({
        blueprintId,
        name: name.trim(),
        description: description.trim() || null,
        access: access.access,
        ...(dataFile.status === 'read' ? { information: creationInformation(dataFile.information) } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: trajectoryListKey });
      notifySuccess(t, t('trajectories.create.created', { name: name.trim() }));
      navigate(`/trajectory/${id}`);
    } catch {
      // create.error holds the answer; it shows beside the fields or above the buttons.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <GuardedModal
      dirty={
        !submitting &&
        (name.trim() !== '' ||
          description.trim() !== '' ||
          blueprintId !== null ||
          dataFile.status !== 'none')
      }
      opened
      onClose={onClose}
      title={t('trajectories.create.title')}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <BlueprintField
            value={blueprintId}
            error={errors.blueprint}
            onChange={(chosen) => {
              setBlueprintId(chosen);
              edited();
            }}
            access={{
              result: access,
              loading: blueprintAccess.isPending && blueprintId !== null,
              failed: blueprintAccess.isError,
            }}
          />
          <TextInput
            label={t('trajectories.create.name')}
            required
            value={name}
            maxLength={NAME_MAX}
            description={t('common.counter', { count: name.length, max: NAME_MAX })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              edited();
            }}
          />
          <Textarea
            label={t('trajectories.create.description')}
            value={description}
            maxLength={DESCRIPTION_MAX}
            autosize
            minRows={3}
            maxRows={8}
            description={t('common.counter', { count: description.length, max: DESCRIPTION_MAX })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              edited();
            }}
          />
          <DataFileField
            value={dataFile}
            onChange={(next) => {
              setDataFile(next);
              edited();
            }}
          />
          {unfitColumns.length > 0 ? (
            <Text size="sm" c="red.8" role="alert">
              {t('trajectories.create.unfitColumns', { columns: unfitColumns.join(', ') })}
            </Text>
          ) : null}
          {otherFailure ? (
            <Alert color="red" role="alert" title={t('trajectories.create.failed')}>
              {otherFailure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <DialogCancel />
            <Button type="submit" loading={submitting} disabled={dataFile.status === 'reading'}>
              {t('trajectories.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
