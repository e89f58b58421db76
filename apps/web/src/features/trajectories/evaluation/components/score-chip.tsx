import type { CompetenceProperties, Evaluation } from '@groeipad/core';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scoreChip } from '../score-scale';

type Scale = Pick<Evaluation, 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours' | 'scoreInfo'>;

/** A competence's score as a chip in the score's colour, with its name; "not scored" in outline. */
export function ScoreChip({
  scale,
  values,
}: {
  scale: Scale;
  values: CompetenceProperties | null | undefined;
}) {
  const { t } = useTranslation();
  const chip = scoreChip(scale, values);
  if (!chip)
    return (
      <Badge variant="outline" color="gray.7" radius="sm" tt="none" data-score="">
        {t('trajectories.evaluation.notScored')}
      </Badge>
    );
  return (
    <Badge
      radius="sm"
      tt="none"
      data-score={chip.score}
      styles={{ root: { background: chip.colour, color: chip.textColour, maxWidth: '100%' } }}
      title={chip.description || undefined}
    >
      {t('trajectories.evaluation.scoreChip', { score: chip.score, name: chip.name })}
    </Badge>
  );
}
