import { codedName, type Evaluation, type EvaluationCompetence } from '@groeipad/core';
import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scoreChip, scoreChoices } from '../score-scale';
import classes from './evaluation.module.css';

/**
 * Scoring in one tap (issue 21): in edit mode each competence shows its scale as chips — colour,
 * number and name — and a tap adds a new dated entry with that score (the other values carried over
 * from the latest entry, dated on the edit date, D2, D4), exactly as the assessment dialog would with
 * only the score changed. The chip of the latest score is pressed. With a chip focused, a number key
 * scores too (issue 22: Tab to the competence, press 3).
 */
export function QuickScore({
  competence,
  scale,
  onScore,
}: {
  competence: EvaluationCompetence;
  scale: Evaluation;
  onScore: (score: number) => void;
}) {
  const { t } = useTranslation();
  const current = scoreChip(scale, competence.latestProperties)?.score ?? null;
  const choices = scoreChoices(scale);
  const byKey = (event: React.KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
    const choice = choices.find((candidate) => String(candidate.score) === event.key);
    if (!choice) return;
    event.preventDefault();
    onScore(choice.score);
  };
  return (
    <Group
      gap={8}
      role="group"
      aria-label={t('trajectories.evaluation.quickScoreFor', { name: codedName(competence) })}
      className={classes.noPrint}
      onKeyDown={byKey}
    >
      {choices.map((choice) => (
        <UnstyledButton
          key={choice.score}
          className={classes.quickScore}
          aria-pressed={choice.score === current}
          title={choice.description || undefined}
          onClick={() => onScore(choice.score)}
          style={{ '--chip-colour': choice.colour, '--chip-text': choice.textColour } as React.CSSProperties}
        >
          {/* Read as "4 Goed" within the group that names the competence. */}
          <span className={classes.quickScoreNumber}>{choice.score}</span>{' '}
          <span className={classes.quickScoreName}>{choice.name}</span>
        </UnstyledButton>
      ))}
    </Group>
  );
}
