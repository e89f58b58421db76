import type { ProgressCard as Card, ProgressEvaluation, WaitingReport } from '@groeipad/core';
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconChecklist } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodedName } from '../../../../components/competence/coded-name';
import { MakeProgressReportButton } from '../../../extracts';
import { textColourOn } from '../../evaluation/score-scale';
import { displayActiveUntil } from '../../list/expiry';
import { lastAssessedText } from '../../list/progress';
import classes from './progress-card.module.css';

type ScoreLabel = NonNullable<ProgressEvaluation['passScore']>;

/** A score in its colour with its number and name (never colour alone); "not scored yet" in outline. */
function ScoreBadge({ score }: { score: ScoreLabel | null }) {
  const { t } = useTranslation();
  if (!score)
    return (
      <Badge variant="outline" color="gray.7" radius="sm" tt="none" className={classes.badge}>
        {t('trajectories.evaluation.notScored')}
      </Badge>
    );
  const background = score.colour ?? 'var(--mantine-color-gray-2)';
  return (
    <Badge
      radius="sm"
      tt="none"
      className={classes.badge}
      styles={{ root: { background, color: score.colour ? textColourOn(score.colour) : undefined } }}
    >
      {t('trajectories.evaluation.scoreChip', { score: score.score, name: score.name })}
    </Badge>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** "Zorg en begeleiding › Zorgplan": where a competence sits, small under its name. */
function Clusters({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <Text size="xs" c="dark.4" className={classes.wrap}>
      {names.join(' › ')}
    </Text>
  );
}

/** How far: competences scored of all, at the level, and the last assessment. */
function EvaluationFigures({ t, evaluation }: { t: TFunction; evaluation: ProgressEvaluation }) {
  const { competences, scored, passed, passScore } = evaluation;
  const last = evaluation.lastAssessed ? lastAssessedText(evaluation.lastAssessed) : null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('myProgress.scored', { scored, total: competences })}
      </Text>
      <Progress
        value={competences === 0 ? 0 : (scored / competences) * 100}
        color="green.8"
        size="md"
        aria-label={t('myProgress.scored', { scored, total: competences })}
      />
      {passScore && (
        <Text size="sm" c="dark.5">
          {t('myProgress.passed', { count: passed, name: passScore.name })}
        </Text>
      )}
      <Text size="xs" c="dark.4">
        {last ? t('myProgress.lastAssessed', { date: last }) : t('trajectories.list.notAssessed')}
      </Text>
    </Stack>
  );
}

/** What is next, where the raters differ, the latest remarks. */
function EvaluationSummary({
  t,
  evaluation,
  id,
}: {
  t: TFunction;
  evaluation: ProgressEvaluation;
  id: number;
}) {
  const { competences } = evaluation;
  const evaluationPath = `/trajectory/${id}/evaluation`;
  return (
    <>
      <Section title={t('myProgress.next')}>
        {evaluation.next.length === 0 ? (
          <Text size="sm" c="dark.5">
            {competences === 0 ? t('myProgress.noCompetences') : t('myProgress.nothingNext')}
          </Text>
        ) : (
          <ul className={classes.list}>
            {evaluation.next.map((competence) => (
              <li key={competence.uuid} className={classes.item}>
                <div className={classes.itemText}>
                  <Anchor
                    component={Link}
                    to={`${evaluationPath}?competence=${encodeURIComponent(competence.uuid)}`}
                    size="sm"
                    c="dark.8"
                    className={classes.wrap}
                  >
                    <CodedName code={competence.code} name={competence.name} />
                  </Anchor>
                  <Clusters names={competence.clusters} />
                </div>
                <ScoreBadge score={competence.score} />
              </li>
            ))}
          </ul>
        )}
        {evaluation.nextTotal > evaluation.next.length && (
          <Anchor component={Link} to={evaluationPath} size="sm">
            {t('myProgress.moreNext', { count: evaluation.nextTotal - evaluation.next.length })}
          </Anchor>
        )}
      </Section>
      {evaluation.disagreements.length > 0 && (
        <Section title={t('myProgress.disagreements')}>
          <ul className={classes.list}>
            {evaluation.disagreements.map((competence) => (
              <li key={competence.uuid} className={classes.block}>
                <Text size="sm" className={classes.wrap}>
                  <CodedName code={competence.code} name={competence.name} />
                </Text>
                <Clusters names={competence.clusters} />
                <ul className={classes.ratings}>
                  {competence.ratings.map((rating) => (
                    <li key={rating.role} className={classes.item}>
                      <Text size="xs" c="dark.5" className={classes.wrap}>
                        {t('myProgress.rater', { role: rating.role, name: rating.rater })}
                      </Text>
                      <ScoreBadge score={rating.score} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {evaluation.remarks.length > 0 && (
        <Section title={t('myProgress.remarks')}>
          <ul className={classes.list}>
            {evaluation.remarks.map((remark) => (
              <li key={`${remark.uuid}.${remark.timestamp}`} className={classes.block}>
                <Text size="sm" className={classes.wrap}>
                  {remark.text}
                </Text>
                <Text size="xs" c="dark.4" className={classes.wrap}>
                  {remarkSource(t, remark)}
                </Text>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

function remarkSource(t: TFunction, remark: ProgressEvaluation['remarks'][number]): string {
  const date = lastAssessedText(remark.timestamp) ?? '';
  return remark.rater
    ? t('myProgress.remarkBy', {
        competence: remark.competence,
        name: remark.rater.name,
        role: remark.rater.role,
        date,
      })
    : t('myProgress.remarkOn', { competence: remark.competence, date });
}

function WaitingReports({ t, id, reports }: { t: TFunction; id: number; reports: readonly WaitingReport[] }) {
  if (reports.length === 0) return null;
  return (
    <Section title={t('myProgress.reports')}>
      <ul className={classes.list}>
        {reports.map((report) => (
          <li key={`${report.blueprintName}.${report.id ?? 'new'}`} className={classes.item}>
            <Anchor
              component={Link}
              to={report.id === null ? `/trajectory/${id}/reports` : `/trajectory/${id}/reports/${report.id}`}
              size="sm"
              className={classes.wrap}
            >
              {report.id === null ? t('myProgress.startReport', { name: report.name }) : report.name}
            </Anchor>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** One trajectory on the learner's own page (D58): how far, what next, disagreements, remarks, reports. */
export function ProgressCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const until = displayActiveUntil(card.activeUntil);
  const headingId = `progress-${card.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h4" id={headingId} className={classes.wrap}>
              <Anchor component={Link} to={`/trajectory/${card.id}`} inherit c="dark.8">
                {card.name}
              </Anchor>
            </Title>
            {card.expired && (
              <Badge color="red.8" variant="light" tt="none">
                {t('myProgress.expired')}
              </Badge>
            )}
          </Group>
          {until && !card.expired && (
            <Text size="xs" c="dark.4">
              {t('myProgress.activeUntil', { date: until })}
            </Text>
          )}
        </Stack>
        {card.evaluation && <EvaluationFigures t={t} evaluation={card.evaluation} />}
        <Group gap="xs">
          {card.abilities.readEvaluation ? (
            <Button
              component={Link}
              to={`/trajectory/${card.id}/evaluation`}
              leftSection={<IconChecklist size={18} aria-hidden />}
              className={classes.primary}
            >
              {t('myProgress.toEvaluation')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={`/trajectory/${card.id}`}
              variant="light"
              rightSection={<IconArrowRight size={18} aria-hidden />}
              className={classes.primary}
            >
              {t('myProgress.open')}
            </Button>
          )}
          {card.abilities.progressReport ? <MakeProgressReportButton trajectoryId={card.id} /> : null}
        </Group>
        {card.evaluation && <EvaluationSummary t={t} evaluation={card.evaluation} id={card.id} />}
        {card.reports && <WaitingReports t={t} id={card.id} reports={card.reports} />}
      </Stack>
    </Paper>
  );
}
