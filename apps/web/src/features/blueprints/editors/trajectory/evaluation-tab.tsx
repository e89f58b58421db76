import type { Competence, TrajectoryBlueprintContent } from '@groeipad/core';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LinkedBlueprintPicker } from './linked-blueprint-picker';
import { ScoreRuleEditor } from './score-rule-editor';
import { ScoreScaleEditor } from './score-scale-editor';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  admin: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/** The competence tree, read-only: clusters, sub-clusters and competences (D3) with their labels. */
function CompetenceTree({ competences, level }: { competences: readonly Competence[]; level: number }) {
  return (
    <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
      {competences.map((competence) => (
        <List.Item key={competence.uuid}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={level < 3 ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
              {competence.description}
            </Text>
            {competence.labels.map((label) => (
              <Badge key={label} size="xs" variant="light" color="gray">
                {label}
              </Badge>
            ))}
          </Group>
          {competence.subcompetences.length > 0 ? (
            <div style={{ paddingInlineStart: 20, marginTop: 4 }}>
              <CompetenceTree competences={competence.subcompetences} level={level + 1} />
            </div>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The evaluation tab: the linked competence list (shown read-only), the score scale, and which score of
 * several raters counts (issue 23).
 */
export function EvaluationTab({ content, writable, admin, change }: Props) {
  const { t } = useTranslation();
  const competences = content.competenceList.competences;
  return (
    <Stack gap="md">
      <LinkedBlueprintPicker
        part="competenceList"
        content={content}
        writable={writable}
        admin={admin}
        change={change}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('trajectoryBlueprintEditor.competencesTitle')}
          </Title>
          {competences.length === 0 ? (
            <Text size="sm" c="dark.4">
              {t('trajectoryBlueprintEditor.noCompetences')}
            </Text>
          ) : (
            <CompetenceTree competences={competences} level={1} />
          )}
        </Stack>
      </Paper>
      <ScoreScaleEditor content={content} writable={writable} change={change} />
      <ScoreRuleEditor content={content} writable={writable} change={change} />
    </Stack>
  );
}
