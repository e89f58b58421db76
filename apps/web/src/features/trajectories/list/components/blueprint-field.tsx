import { Alert, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { LoadFailure } from '../../../../components/load-failure';
import { useTrajectoryBlueprints } from '../api/use-trajectory-blueprints';
import type { CreationAccess } from '../creation';

interface Props {
  value: number | null;
  onChange: (blueprintId: number | null) => void;
  error?: string | undefined;
  /** The chosen blueprint's access as the new trajectory gets it (creationAccess), while it loads, or its failure. */
  access: { result: CreationAccess | null; loading: boolean; failed: boolean };
}

/**
 * The trajectory blueprint of a new trajectory (spec part 1 §5) — or of many, in the spreadsheet import
 * (issue 22): the LIVE blueprints the user may read, and under the choice which roles the creator will
 * hold, or why the blueprint cannot be used (principalRequiredRights).
 */
export function BlueprintField({ value, onChange, error, access }: Props) {
  const { t } = useTranslation();
  const blueprints = useTrajectoryBlueprints();
  const options = (blueprints.data ?? []).map((blueprint) => ({
    value: String(blueprint.id),
    label: blueprint.name,
  }));
  return (
    <Stack gap="sm">
      {blueprints.isError ? (
        <LoadFailure
          message={t('loadDocumentsError', { document: t('trajectories.create.documentBlueprints') })}
          query={blueprints}
        />
      ) : null}
      {blueprints.data && blueprints.data.length === 0 ? (
        <Alert color="yellow">{t('trajectories.create.noBlueprints')}</Alert>
      ) : null}
      <NativeSelect
        label={t('trajectories.create.blueprint')}
        required
        data-autofocus
        value={value === null ? '' : String(value)}
        error={error}
        disabled={!blueprints.data}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(chosen ? Number(chosen) : null);
        }}
        data={[
          {
            value: '',
            label: blueprints.data ? t('trajectories.create.chooseBlueprint') : t('common.loading'),
            disabled: true,
          },
          ...options,
        ]}
      />
      <BlueprintAccessNote chosen={value !== null} {...access} />
    </Stack>
  );
}

/** Which roles the creator will hold, or why the blueprint cannot be used (principalRequiredRights). */
function BlueprintAccessNote({
  chosen,
  loading,
  failed,
  result,
}: {
  chosen: boolean;
  loading: boolean;
  failed: boolean;
  result: CreationAccess | null;
}) {
  const { t } = useTranslation();
  if (!chosen) return null;
  if (loading)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dark.4">
          {t('common.loading')}
        </Text>
      </Group>
    );
  if (failed || !result)
    return (
      <FailureAlert
        message={t('loadDocumentError', { document: t('trajectories.create.documentBlueprint') })}
      />
    );
  if (!result.ok)
    return (
      <Alert color="red" role="alert" data-testid="principal-required-rights">
        {t('principalRequiredRights')}
      </Alert>
    );
  const others = result.access.users.length - 1;
  return (
    <Text size="sm" c="dark.5" data-testid="creator-roles">
      {t('trajectories.create.roles', {
        count: result.creatorRoles.length,
        roles: result.creatorRoles.join(', '),
      })}
      {others > 0 ? ` ${t('trajectories.create.defaultUsers', { count: others })}` : null}
    </Text>
  );
}
