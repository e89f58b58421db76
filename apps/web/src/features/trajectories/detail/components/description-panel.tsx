import { SHORT_DESCRIPTION_MAX, type TrajectoryInfo } from '@groeipad/core';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeaderDraft, HeaderProblems } from '../edit-rules';
import { ActiveUntil } from './active-until';
import classes from './detail-header.module.css';

interface Props {
  trajectory: TrajectoryInfo;
  draft: HeaderDraft;
  problems: HeaderProblems;
  onDraft: (draft: HeaderDraft) => void;
  /** The description is a text area (editing with METADATA). */
  editable: boolean;
  mayUpdate: boolean;
  onUpdate: () => void;
}

/**
 * The description area (spec part 1 §2): the description (255 with a counter while editing; D5 keeps a
 * longer stored one as it is), the active period (D12), the linked trajectory blueprint (name as link, removed, or none) and its
 * version, current against latest, with the update button (D10).
 */
export function DescriptionPanel({
  trajectory,
  draft,
  problems,
  onDraft,
  editable,
  mayUpdate,
  onUpdate,
}: Props) {
  const { t } = useTranslation();
  const length = draft.description.trim().length;
  const keptLong = !problems.description && length > SHORT_DESCRIPTION_MAX;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} className={classes.noPrint}>
      <Stack gap="sm">
        {editable ? (
          <Textarea
            label={t('trajectories.detail.descriptionLabel')}
            value={draft.description}
            onChange={(event) => onDraft({ ...draft, description: event.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={8}
            description={
              keptLong
                ? t('trajectories.detail.longDescriptionKept', { max: SHORT_DESCRIPTION_MAX })
                : t('common.counter', { count: length, max: SHORT_DESCRIPTION_MAX })
            }
            error={
              problems.description
                ? t('trajectories.detail.descriptionTooLong', { max: SHORT_DESCRIPTION_MAX })
                : undefined
            }
          />
        ) : (
          <Text
            size="sm"
            c={trajectory.description ? undefined : 'dark.4'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {trajectory.description || t('trajectories.detail.noDescription')}
          </Text>
        )}
        <Group gap="lg" wrap="wrap" align="center">
          <ActiveUntil trajectory={trajectory} />
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t('trajectories.detail.blueprint')}:{' '}
            </Text>
            <BlueprintName trajectory={trajectory} />
          </Text>
          {trajectory.blueprintVersion !== null ? (
            <Group gap="xs" wrap="wrap" align="center">
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {t('trajectories.detail.version')}:{' '}
                </Text>
                {trajectory.latestBlueprintVersion === null
                  ? t('trajectories.detail.versionOnly', { current: trajectory.blueprintVersion })
                  : t('trajectories.detail.versions', {
                      current: trajectory.blueprintVersion,
                      latest: trajectory.latestBlueprintVersion,
                    })}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                disabled={!mayUpdate}
                onClick={onUpdate}
              >
                {t('trajectories.detail.update')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function BlueprintName({ trajectory }: { trajectory: TrajectoryInfo }) {
  const { t } = useTranslation();
  if (trajectory.blueprintRemoved)
    return (
      <Text span size="sm" fs="italic">
        {t('trajectories.detail.blueprintRemoved')}
      </Text>
    );
  if (trajectory.blueprintId === null || trajectory.blueprintName === null)
    return (
      <Text span size="sm" fs="italic">
        {t('trajectories.detail.blueprintNone')}
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={`/blueprints/trajectories/${trajectory.blueprintId}`}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {trajectory.blueprintName}
    </Anchor>
  );
}
