import { type Evaluation, type PropertyEntry, showDateTimeSeconds } from '@groeipad/core';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodedName } from '../../../../components/competence/coded-name';
import type { Resolution, SideChanges } from '../entry-changes';
import type { PendingConflict } from '../use-evaluation-draft';
import classes from './evaluation.module.css';
import { ScoreChip } from './score-chip';

interface Props {
  conflict: PendingConflict | null;
  scale: Evaluation;
  onResolve: (resolution: Resolution) => void;
}

function EntryLine({
  entry,
  scale,
  kind,
}: {
  entry: PropertyEntry;
  scale: Evaluation;
  kind: 'added' | 'removed';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} component="li" wrap="wrap">
      <Text size="sm">
        {t(`trajectories.evaluation.conflict.${kind}`, {
          when: showDateTimeSeconds(entry.timestamp) || entry.timestamp,
        })}
      </Text>
      <ScoreChip scale={scale} values={entry.values} />
    </Group>
  );
}

function Side({ title, side, scale }: { title: string; side: SideChanges; scale: Evaluation }) {
  const { t } = useTranslation();
  const none = side.added.length === 0 && side.removed.length === 0;
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} tt="uppercase" c="dark.5">
        {title}
      </Text>
      {none ? (
        <Text size="sm" c="dark.5">
          {t('trajectories.evaluation.conflict.nothing')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {side.added.map((entry) => (
            <EntryLine key={`a${entry.timestamp}`} entry={entry} scale={scale} kind="added" />
          ))}
          {side.removed.map((entry) => (
            <EntryLine key={`r${entry.timestamp}`} entry={entry} scale={scale} kind="removed" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Someone saved the evaluation while I was editing (409 staleDocument, D29; issue 9 "No silent
 * overwrites"): their changes beside mine, competence by competence, and my choice — merge (default:
 * mine where they changed nothing), keep mine (all mine on top of theirs) or take theirs.
 */
export function ConflictDialog({ conflict, scale, onResolve }: Props) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Resolution>('merge');
  useEffect(() => {
    if (conflict) setChoice('merge');
  }, [conflict]);
  const overlap = conflict?.competences.filter((competence) => competence.both).length ?? 0;
  return (
    <Modal
      opened={conflict !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('trajectories.evaluation.conflict.title')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {conflict ? (
        <Stack gap="md" data-testid="conflict-dialog">
          <Text size="sm">{t('trajectories.evaluation.conflict.intro')}</Text>
          <Stack gap="sm">
            {conflict.competences.map((competence) => (
              <Paper key={competence.uuid} withBorder radius="md" p="sm" data-conflict={competence.name}>
                <Stack gap="xs">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm" className={classes.name}>
                      <CodedName code={competence.code} name={competence.name} />
                    </Text>
                    {competence.both ? (
                      <Badge color="orange" variant="light" tt="none" size="sm">
                        {t('trajectories.evaluation.conflict.both')}
                      </Badge>
                    ) : null}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Side
                      title={t('trajectories.evaluation.conflict.theirs')}
                      side={competence.theirs}
                      scale={scale}
                    />
                    <Side
                      title={t('trajectories.evaluation.conflict.mine')}
                      side={competence.mine}
                      scale={scale}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            ))}
          </Stack>
          <Radio.Group
            label={t('trajectories.evaluation.conflict.choose')}
            value={choice}
            onChange={(value) => setChoice(value as Resolution)}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="merge"
                label={t('trajectories.evaluation.conflict.merge')}
                description={t(
                  overlap > 0
                    ? 'trajectories.evaluation.conflict.mergeOverlap'
                    : 'trajectories.evaluation.conflict.mergeHint',
                  { count: overlap },
                )}
              />
              <Radio
                value="mine"
                label={t('trajectories.evaluation.conflict.keepMine')}
                description={t('trajectories.evaluation.conflict.keepMineHint')}
              />
              <Radio
                value="theirs"
                label={t('trajectories.evaluation.conflict.takeTheirs')}
                description={t('trajectories.evaluation.conflict.takeTheirsHint')}
              />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button onClick={() => onResolve(choice)}>{t('trajectories.evaluation.conflict.apply')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
