import {
  codedName,
  type Evaluation,
  type EvaluationCompetence,
  propertyHistory,
  showDateTimeSeconds,
} from '@groeipad/core';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EntryValues } from './entry-values';
import { ScoreChip } from './score-chip';

interface Props {
  competence: EvaluationCompetence;
  scale: Evaluation;
  /** Edit mode with evaluation write: entries can be deleted (saved with the header's Save, D2). */
  deletable: boolean;
  unsaved: ReadonlySet<string>;
  onDelete: (timestamp: string) => void;
  onClose: () => void;
}

/**
 * A competence's history (spec part 1 §2, §4): every dated entry, newest first. Deleting one removes
 * it; the latest becomes the next older one, or none.
 */
export function HistoryDialog({ competence, scale, deletable, unsaved, onDelete, onClose }: Props) {
  const { t } = useTranslation();
  const entries = propertyHistory(competence.properties);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('trajectories.evaluation.historyTitle', { name: codedName(competence) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      {entries.length === 0 ? (
        <Text size="sm" c="dark.5">
          {t('trajectories.evaluation.noHistory')}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="history">
          {entries.map((entry) => {
            const when = showDateTimeSeconds(entry.timestamp) || entry.timestamp;
            return (
              <Paper
                key={entry.timestamp}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-entry={entry.timestamp}
              >
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs">
                    <Group gap={6}>
                      {/* When it was written; the assessment date is the entry's own "date" below (D47). */}
                      <Text size="sm" fw={600}>
                        {t('trajectories.evaluation.writtenOn', { when })}
                      </Text>
                      {unsaved.has(entry.timestamp) ? (
                        <Badge size="sm" variant="light" color="blue" tt="none">
                          {t('trajectories.evaluation.unsaved')}
                        </Badge>
                      ) : null}
                    </Group>
                    {deletable ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        aria-label={t('trajectories.evaluation.deleteEntryOf', { when })}
                        onClick={() => onDelete(entry.timestamp)}
                      >
                        {t('trajectories.evaluation.deleteEntry')}
                      </Button>
                    ) : null}
                  </Group>
                  <Group gap={6}>
                    <ScoreChip scale={scale} values={entry.values} />
                    {entry.values.agreed === 'true' ? (
                      <Badge size="sm" variant="outline" color="teal.9" tt="none" data-agreed>
                        {t('trajectories.evaluation.raters.agreed')}
                      </Badge>
                    ) : null}
                  </Group>
                  {/* Who wrote it (issue 23); entries from before raters were recorded carry none. */}
                  {entry.values.rater ? (
                    <Text size="sm" c="dark.6" data-rater={entry.values.rater.role}>
                      {t('trajectories.evaluation.raters.by', {
                        name: entry.values.rater.name,
                        role: entry.values.rater.role,
                      })}
                    </Text>
                  ) : null}
                  <EntryValues values={entry.values} />
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}
