import { type FrameworkCheck, NAME_MAX } from '@groeipad/core';
import {
  Alert,
  Badge,
  Checkbox,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ChangeLine, groupChanges } from '../../frameworks/changes';

interface Props {
  check: FrameworkCheck;
  /** A new list's name, as the user edits it (the document's title to start with). */
  name: string;
  onName: (name: string) => void;
  nameError: string | undefined;
  updateTrajectoryBlueprints: boolean;
  onUpdateTrajectoryBlueprints: (update: boolean) => void;
  disabled: boolean;
}

const COUNTS = ['clusters', 'subClusters', 'competences', 'criteria'] as const;

/**
 * What the import will make (D56), as the server's check found it: a new competence list (its name to
 * edit) or the next version of the list with the same document identifier, with the differences by
 * identifier grouped (Toegevoegd, Verwijderd, Gewijzigd, Verplaatst) and the trajectory blueprints that
 * will follow it.
 */
export function FrameworkPreview({
  check,
  name,
  onName,
  nameError,
  updateTrajectoryBlueprints,
  onUpdateTrajectoryBlueprints,
  disabled,
}: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="framework-preview">
      {check.match ? (
        <Title order={3} size="h5" data-testid="framework-target">
          {t('frameworks.preview.newVersion', { name: check.match.name, version: check.match.version })}
        </Title>
      ) : (
        <>
          <Title order={3} size="h5" data-testid="framework-target">
            {t('frameworks.preview.newList')}
          </Title>
          <TextInput
            label={t('frameworks.preview.name')}
            required
            value={name}
            maxLength={NAME_MAX}
            disabled={disabled}
            onChange={(event) => onName(event.currentTarget.value)}
            error={nameError}
            data-testid="framework-name"
          />
        </>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="framework-counts">
        {COUNTS.map((count) => (
          <Stack key={count} gap={0}>
            <Text size="xl" fw={700} lh={1.2}>
              {check.counts[count]}
            </Text>
            <Text size="sm" c="dark.4">
              {t(`frameworks.counts.${count}`, { count: check.counts[count] })}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {check.padding > 0 ? (
        <Text size="sm" data-testid="framework-padding">
          {t('frameworks.preview.padding', { count: check.padding })}
        </Text>
      ) : null}
      {check.match ? <Changes check={check} /> : null}
      {check.match && check.trajectoryBlueprints.length > 0 ? (
        <Checkbox
          label={t('frameworks.trajectoryBlueprints.label')}
          description={t('frameworks.trajectoryBlueprints.help', {
            names: check.trajectoryBlueprints.map((blueprint) => blueprint.name).join(', '),
            count: check.trajectoryBlueprints.length,
          })}
          checked={updateTrajectoryBlueprints}
          disabled={disabled}
          onChange={(event) => onUpdateTrajectoryBlueprints(event.currentTarget.checked)}
          data-testid="framework-update-blueprints"
        />
      ) : null}
    </Stack>
  );
}

/** The differences with the matched list, grouped; a warning when removed items may have scores. */
function Changes({ check }: { check: FrameworkCheck }) {
  const { t } = useTranslation();
  const grouped = groupChanges(check.changes);
  if (grouped.groups.length === 0)
    return (
      <Text size="sm" data-testid="framework-changes">
        {t('frameworks.changes.none')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="framework-changes">
      {grouped.removedWithoutSuccessor > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('frameworks.changes.removedTitle', { count: grouped.removedWithoutSuccessor })}
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          data-testid="framework-removed-warning"
        >
          <Text size="sm" c="dark.7">
            {t('frameworks.changes.removedWarning')}
          </Text>
        </Alert>
      ) : null}
      {grouped.groups.map((group) => (
        <Stack key={group.kind} gap={4} data-testid={`framework-changes-${group.kind}`}>
          <Title order={4} size="h6">
            {t(`frameworks.changes.${group.kind}`, { count: group.lines.length })}
          </Title>
          <List size="sm" spacing={4} listStyleType="none" style={{ overflowWrap: 'anywhere' }}>
            {group.lines.map((line) => (
              <List.Item key={`${line.change.kind}.${line.change.uuid}`}>
                <ChangeText line={line} />
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

function ChangeText({ line }: { line: ChangeLine }) {
  const { t } = useTranslation();
  const { change, successor } = line;
  let detail: string | null = null;
  if (change.kind === 'removed' && successor) detail = t('frameworks.changes.successor', { name: successor });
  else if (change.kind === 'changed' && change.from)
    detail = t('frameworks.changes.from', { from: change.from });
  else if (change.kind === 'moved' && change.from && change.to)
    detail = t('frameworks.changes.movedFromTo', { from: change.from, to: change.to });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Badge size="sm" variant="light" color="gray" c="dark.6" miw={104} style={{ flex: 'none' }} mt={2}>
        {t(`frameworks.levels.${change.level}`)}
      </Badge>
      <Stack gap={0}>
        <Text size="sm">{change.name}</Text>
        {detail ? (
          <Text size="sm" c="dark.4">
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
