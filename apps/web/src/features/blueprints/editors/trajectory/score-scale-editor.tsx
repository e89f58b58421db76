import { DEFAULT_SCORE_COLOUR, isValidColour, type TrajectoryBlueprintContent } from '@groeipad/core';
import { ActionIcon, Button, ColorInput, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { colourPickerLabels } from '../colour-picker-labels';
import { CommitTextInput } from '../commit-input';
import { moveEntry } from './links';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/**
 * The score scale (D6): entries name, description and colour, in order (the first is score 1); add,
 * remove and reorder. A new entry is gold (spec part 2 §9).
 */
export function ScoreScaleEditor({ content, writable, change }: Props) {
  const { t } = useTranslation();
  const scores = content.scoreInfo;
  const set = (index: number, key: 'name' | 'description' | 'colour', value: string) =>
    change((draft) => {
      const entry = draft.scoreInfo[index];
      if (entry) entry[key] = value;
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trajectoryBlueprintEditor.scoreScale')}
        </Title>
        <Text size="sm" c="dark.4">
          {t('trajectoryBlueprintEditor.scoreScaleHint')}
        </Text>
        {scores.length === 0 ? (
          <Text size="sm" c="dark.4">
            {t('trajectoryBlueprintEditor.noScores')}
          </Text>
        ) : null}
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('trajectoryBlueprintEditor.scoreScale')}
        >
          {scores.map((score, index) => {
            const number = index + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place
              <Paper component="li" key={index} withBorder radius="sm" p="xs" bg="gray.0">
                <Group gap="xs" align="flex-end" wrap="wrap">
                  <Text fw={600} size="sm" w={24} pb={8} aria-hidden>
                    {number}
                  </Text>
                  <CommitTextInput
                    label={t('trajectoryBlueprintEditor.scoreName', { number })}
                    value={score.name}
                    onCommit={(text) => set(index, 'name', text)}
                    disabled={!writable}
                    style={{ flex: '1 1 140px' }}
                    maxLength={255}
                  />
                  <CommitTextInput
                    label={t('trajectoryBlueprintEditor.scoreDescription', { number })}
                    value={score.description}
                    onCommit={(text) => set(index, 'description', text)}
                    disabled={!writable}
                    style={{ flex: '2 1 200px' }}
                  />
                  <ColorInput
                    label={t('trajectoryBlueprintEditor.scoreColour', { number })}
                    value={score.colour}
                    onChange={(value) => set(index, 'colour', value)}
                    disabled={!writable}
                    format="hex"
                    error={
                      isValidColour(score.colour) ? undefined : t('trajectoryBlueprintEditor.invalidColour')
                    }
                    style={{ flex: '0 1 150px' }}
                    popoverProps={{ withinPortal: true }}
                    attributes={colourPickerLabels(t, t('trajectoryBlueprintEditor.scoreColour', { number }))}
                    eyeDropperButtonProps={{
                      'aria-label': t('trajectoryBlueprintEditor.pickColour', { number }),
                    }}
                  />
                  <Group gap={2} wrap="nowrap" pb={4}>
                    <Tooltip label={t('trajectoryBlueprintEditor.moveUp')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray.7"
                        aria-label={t('trajectoryBlueprintEditor.moveScoreUp', { number })}
                        disabled={!writable || index === 0}
                        onClick={() => change((draft) => moveEntry(draft.scoreInfo, index, -1))}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('trajectoryBlueprintEditor.moveDown')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray.7"
                        aria-label={t('trajectoryBlueprintEditor.moveScoreDown', { number })}
                        disabled={!writable || index === scores.length - 1}
                        onClick={() => change((draft) => moveEntry(draft.scoreInfo, index, 1))}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('trajectoryBlueprintEditor.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        aria-label={t('trajectoryBlueprintEditor.deleteScore', { number })}
                        disabled={!writable}
                        onClick={() =>
                          change((draft) => {
                            draft.scoreInfo.splice(index, 1);
                          })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {writable ? (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                change((draft) => {
                  draft.scoreInfo.push({ name: '', description: '', colour: DEFAULT_SCORE_COLOUR });
                })
              }
            >
              {t('trajectoryBlueprintEditor.addScore')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
