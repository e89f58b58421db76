import {
  type Criterion,
  codedName,
  type Evaluation,
  type EvaluationCluster,
  type EvaluationCompetence,
} from '@groeipad/core';
import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHistory, IconInfoCircle, IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CodedName } from '../../../../components/competence/coded-name';
import { CriteriaToggle } from '../../../../components/competence/criteria-list';
import { richTextNodes, richTextPlain } from '../rich-text';
import type { DialogTarget } from './competence-dialogs';
import { EntryValues } from './entry-values';
import classes from './evaluation.module.css';
import { QuickScore } from './quick-score';
import { RaterScores } from './rater-scores';
import { ScoreChip } from './score-chip';

interface TreeProps {
  criteria: readonly Criterion[];
  scale: Evaluation;
  collapsed: ReadonlySet<string>;
  onToggle: (uuid: string) => void;
  editable: boolean;
  onOpen: (target: DialogTarget) => void;
  /** One-tap scoring in edit mode (quick-score.tsx). */
  onScore?: (uuid: string, score: number) => void;
}

/**
 * The criteria tree (D3): clusters, their sub-clusters and the competences as stacked cards, so a
 * phone shows them one below the other. Headers open and close their part; print shows all.
 */
export function CriteriaTree(props: TreeProps) {
  return (
    <Stack gap="md" data-testid="criteria-tree">
      {props.criteria.map((criterion) => (
        <CriterionNode key={criterion.uuid} criterion={criterion} depth={0} {...props} />
      ))}
    </Stack>
  );
}

type NodeProps = Omit<TreeProps, 'criteria'> & { depth: number };

function CriterionNode({ criterion, ...props }: NodeProps & { criterion: Criterion }) {
  if (criterion.type === 'competence') return <CompetenceCard {...props} competence={criterion} />;
  return <ClusterNode {...props} cluster={criterion} />;
}

function hasInfo(info: string): boolean {
  return richTextPlain(richTextNodes(info)).trim() !== '';
}

function Labels({ labels }: { labels: readonly string[] }) {
  if (labels.length === 0) return null;
  return (
    <Group gap={4}>
      {labels.map((label) => (
        <Badge key={label} variant="light" color="gray" radius="sm" tt="none" size="sm">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

function ClusterNode({ cluster, ...props }: NodeProps & { cluster: EvaluationCluster }) {
  const { t } = useTranslation();
  const { depth, collapsed, onToggle, onOpen } = props;
  const open = !collapsed.has(cluster.uuid);
  const bodyId = `evaluation-cluster-${cluster.uuid}`;
  const competencesOnly = cluster.subsections.every((child) => child.type === 'competence');
  const name = codedName(cluster);
  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <UnstyledButton
        className={classes.toggle}
        style={{ flex: 1, width: 'auto' }}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(cluster.uuid)}
      >
        <IconChevronDown size={18} className={classes.chevron} aria-hidden />
        <Title order={depth === 0 ? 3 : 4} size={depth === 0 ? 'h4' : 'h5'} className={classes.name}>
          <CodedName code={cluster.code} name={cluster.name} />
        </Title>
      </UnstyledButton>
      {hasInfo(cluster.info) ? (
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.noPrint}
          style={{ flex: 'none' }}
          leftSection={<IconInfoCircle size={16} aria-hidden />}
          aria-label={t('trajectories.evaluation.infoOf', { name })}
          onClick={() => onOpen({ kind: 'info', uuid: cluster.uuid })}
        >
          {t('trajectories.evaluation.info')}
        </Button>
      ) : null}
    </Group>
  );
  const children = cluster.subsections.map((child) => (
    <CriterionNode key={child.uuid} {...props} criterion={child} depth={depth + 1} />
  ));
  const body = (
    <div
      id={bodyId}
      className={[competencesOnly ? classes.competences : undefined, open ? undefined : classes.collapsed]
        .filter(Boolean)
        .join(' ')}
    >
      {competencesOnly ? children : <Stack gap="sm">{children}</Stack>}
    </div>
  );
  if (depth === 0)
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={name}>
        <Stack gap="sm">
          {header}
          <Labels labels={cluster.labels} />
          {body}
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="xs" data-cluster={cluster.name}>
      {header}
      <Labels labels={cluster.labels} />
      {body}
    </Stack>
  );
}

function CompetenceCard(
  props: Omit<TreeProps, 'criteria'> & { competence: EvaluationCompetence; depth: number },
) {
  const { t } = useTranslation();
  const { competence, scale, editable, onOpen } = props;
  const entries = Object.keys(competence.properties).length;
  const name = codedName(competence);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      className={classes.card}
      data-competence={competence.name}
      component="article"
      aria-label={name}
    >
      <Stack gap={8}>
        <Text fw={600} size="sm" className={classes.name}>
          <CodedName code={competence.code} name={competence.name} />
        </Text>
        <CriteriaToggle criteria={competence.criteria ?? []} name={name} />
        <Group gap={6}>
          <ScoreChip scale={scale} values={competence.latestProperties} />
          {competence.labels.map((label) => (
            <Badge key={label} variant="light" color="gray" radius="sm" tt="none" size="sm">
              {label}
            </Badge>
          ))}
        </Group>
        <RaterScores competence={competence} scale={scale} />
        <EntryValues values={competence.latestProperties} />
        {editable && props.onScore ? (
          <QuickScore
            competence={competence}
            scale={scale}
            onScore={(score) => props.onScore?.(competence.uuid, score)}
          />
        ) : null}
        <Group gap={4} className={`${classes.noPrint} ${classes.actions}`}>
          {editable ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencilPlus size={16} aria-hidden />}
              aria-label={t('trajectories.evaluation.addEntryFor', { name })}
              onClick={() => onOpen({ kind: 'entry', uuid: competence.uuid })}
            >
              {t('trajectories.evaluation.addEntry')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconHistory size={16} aria-hidden />}
            aria-label={t('trajectories.evaluation.historyOf', { name, count: entries })}
            onClick={() => onOpen({ kind: 'history', uuid: competence.uuid })}
          >
            {t('trajectories.evaluation.history', { count: entries })}
          </Button>
          {/* Every competence has its info dialog (spec part 1 §2); without info it says there is none. */}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            aria-label={t('trajectories.evaluation.infoOf', { name })}
            onClick={() => onOpen({ kind: 'info', uuid: competence.uuid })}
          >
            {t('trajectories.evaluation.info')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
