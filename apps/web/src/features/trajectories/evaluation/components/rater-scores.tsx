import { compareRaters, type Evaluation, type EvaluationCompetence } from '@groeipad/core';
import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreChip } from './score-chip';

/**
 * Several raters side by side (issue 23): when more than one rater role has scored a competence, the
 * latest score of each role — role name, then the chip with colour, number and name — and, when two of
 * them lie two or more steps of the scale apart, a mark in words (never colour alone).
 */
export function RaterScores({
  competence,
  scale,
  roleOrder,
}: {
  competence: EvaluationCompetence;
  scale: Evaluation;
  /** The access document's roles, when known: the order of the roles shown. */
  roleOrder?: readonly string[];
}) {
  const { t } = useTranslation();
  const compared = useMemo(() => compareRaters(competence, scale, roleOrder), [competence, scale, roleOrder]);
  if (compared.scoredRoles < 2) return null;
  return (
    <Stack gap={4} data-testid="rater-scores">
      <Text size="xs" fw={600} c="dark.5" id={`raters-${competence.uuid}`}>
        {t('trajectories.evaluation.raters.title')}
      </Text>
      <Group
        component="ul"
        gap={6}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={`raters-${competence.uuid}`}
      >
        {compared.roles.map((entry) => (
          <Group
            key={entry.role}
            component="li"
            gap={4}
            wrap="wrap"
            data-rater-role={entry.role}
            title={t('trajectories.evaluation.raters.by', { name: entry.rater.name, role: entry.role })}
            style={{ maxWidth: '100%', minWidth: 0 }}
          >
            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('trajectories.evaluation.raters.role', { role: entry.role })}
            </Text>
            <ScoreChip scale={scale} values={entry.values} />
          </Group>
        ))}
      </Group>
      {compared.disagreement && compared.spread !== null ? (
        <Group gap={4} wrap="nowrap" align="flex-start" data-testid="rater-disagreement">
          <IconAlertTriangle
            size={16}
            aria-hidden
            style={{ flex: 'none', marginTop: 1, color: 'var(--mantine-color-red-9)' }}
          />
          <Text size="xs" fw={700} c="red.9">
            {t('trajectories.evaluation.raters.disagreement', { count: compared.spread })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
