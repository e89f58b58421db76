import { DASHBOARD_WIDGET_TYPES, type TrajectoryBlueprintContent } from '@groeipad/core';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clusterNames } from '../dashboard/cluster-paths';
import { LinkedBlueprintPicker } from './linked-blueprint-picker';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  admin: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/**
 * A widget's cluster (a path of uuids, D20) by its names in the linked competence list, as the
 * dashboard editor shows it; the path itself while that list is not linked or lacks the cluster.
 */
function clusterLabel(content: TrajectoryBlueprintContent, path: string): string {
  return clusterNames(content.competenceList.competences, path)?.join(' › ') ?? path;
}

/** The dashboard tab: the linked dashboard blueprint and its widgets, read-only. */
export function DashboardTab({ content, writable, admin, change }: Props) {
  const { t } = useTranslation();
  const widgets = content.dashboard.widgets.filter((widget) => {
    const known = (DASHBOARD_WIDGET_TYPES as readonly string[]).includes(widget.type);
    if (!known) console.error(`Unknown dashboard widget type ${String(widget.type)}`);
    return known;
  });
  return (
    <Stack gap="md">
      <LinkedBlueprintPicker
        part="dashboard"
        content={content}
        writable={writable}
        admin={admin}
        change={change}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('trajectoryBlueprintEditor.widgetsTitle')}
          </Title>
          {widgets.length === 0 ? (
            <Text size="sm" c="dark.4">
              {t('trajectoryBlueprintEditor.noWidgets')}
            </Text>
          ) : (
            <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
              {widgets.map((widget) => (
                <List.Item key={widget.uuid}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {widget.name || t('trajectoryBlueprintEditor.unnamedWidget')}
                    </Text>
                    <Badge size="sm" variant="light" color="gray">
                      {t(`trajectoryBlueprintEditor.widgetTypes.${widget.type}`)}
                    </Badge>
                    {widget.type === 'evaluation_scores' && widget.cluster ? (
                      <Text size="xs" c="dark.4">
                        {t('trajectoryBlueprintEditor.cluster', {
                          cluster: clusterLabel(content, widget.cluster),
                        })}
                      </Text>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
