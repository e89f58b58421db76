import { NAME_MAX } from '@groeipad/core';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogCancel, GuardedModal } from '../../../components/guarded-modal';
import { LoadFailure } from '../../../components/load-failure';
import { ApiError, errorText, fieldErrorTexts } from '../../../lib/api-error';
import { useCreateExtracts } from '../api/use-create-extracts';
import { useExtractBlueprints } from '../api/use-extract-blueprints';

/** Server field errors shown beside a field of this dialog. */
const SHOWN_FIELDS = ['name', 'extract'];

interface Props {
  /** The selected trajectories, all with METADATA (spec part 1 §6). */
  trajectories: readonly { id: number; name: string }[];
  onClose: () => void;
  /** After the 202: the selection may be cleared. */
  onCreated: () => void;
}

/**
 * Create extract (spec part 1 §2 dialogs, §5: name and blueprint both required; D17 one extract per
 * selected trajectory; D37 name ≤ 255): POST /api/extracts answers 202 with the queued rows; the notice
 * generateExtractSuccess links to /extracts, a failure shows generateExtractError with the reason.
 */
export function CreateExtractDialog({ trajectories, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const blueprints = useExtractBlueprints();
  const create = useCreateExtracts();
  const [name, setName] = useState('');
  const [blueprintId, setBlueprintId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  const server = fieldErrorTexts(t, create.error);
  const errors = {
    name: tried && name.trim() === '' ? t('messages.required') : server.name,
    blueprint: tried && blueprintId === null ? t('messages.required') : server.extract,
  };
  const otherFailure =
    create.error &&
    !(create.error instanceof ApiError && create.error.fields.some((f) => SHOWN_FIELDS.includes(f.path)))
      ? errorText(t, create.error, 'generateExtractError')
      : null;
  const edited = () => {
    if (create.error) create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (create.isPending || name.trim() === '' || blueprintId === null) return;
    create.mutate(
      {
        name: name.trim(),
        extract: blueprintId,
        trajectories: trajectories.map((trajectory) => trajectory.id),
      },
      {
        onSuccess: () => {
          const id = `extracts-created-${Date.now()}`;
          notifications.show({
            id,
            color: 'green',
            // It holds a link: time to read it and reach it (WCAG 2.2.1), beyond Mantine's 4 s.
            autoClose: 15_000,
            closeButtonProps: { 'aria-label': t('common.close') },
            message: (
              <>
                {t('generateExtractSuccess')}{' '}
                <Anchor
                  href="/extracts"
                  size="sm"
                  fw={600}
                  onClick={(click) => {
                    click.preventDefault();
                    notifications.hide(id);
                    navigate('/extracts');
                  }}
                >
                  {t('extracts.create.toList')}
                </Anchor>
              </>
            ),
          });
          onCreated();
          onClose();
        },
      },
    );
  };

  const only = trajectories.length === 1 ? trajectories[0] : undefined;
  const options = (blueprints.data ?? []).map((blueprint) => ({
    value: String(blueprint.id),
    label: blueprint.name,
  }));
  return (
    <GuardedModal
      dirty={name.trim() !== ''}
      opened
      onClose={onClose}
      title={t('extracts.create.title')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dark.5" data-testid="extract-count">
            {t('extracts.create.intro', { count: trajectories.length, name: only?.name ?? '' })}
          </Text>
          <TextInput
            label={t('extracts.create.name')}
            required
            data-autofocus
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
          {blueprints.isError ? (
            <LoadFailure
              message={t('loadDocumentsError', { document: t('extracts.create.documentBlueprints') })}
              query={blueprints}
            />
          ) : null}
          {blueprints.data && blueprints.data.length === 0 ? (
            <Alert color="yellow" role="status" data-testid="no-extract-blueprints">
              {t('extracts.create.noBlueprints')}
            </Alert>
          ) : null}
          <NativeSelect
            label={t('extracts.create.blueprint')}
            required
            value={blueprintId === null ? '' : String(blueprintId)}
            error={errors.blueprint}
            disabled={!blueprints.data || blueprints.data.length === 0}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setBlueprintId(value ? Number(value) : null);
              edited();
            }}
            data={[
              {
                value: '',
                label: blueprints.data ? t('extracts.create.chooseBlueprint') : t('common.loading'),
                disabled: true,
              },
              ...options,
            ]}
          />
          {otherFailure ? (
            <Alert color="red" role="alert" title={t('generateExtractError')}>
              {otherFailure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <DialogCancel />
            <Button type="submit" loading={create.isPending}>
              {t('extracts.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
