import type { TrajectoryListItem } from '@groeipad/core';
import type { TFunction } from 'i18next';
import { textColourOn } from '../../evaluation/score-scale';
import { lastAssessedText } from '../progress';
import classes from './trajectory-table.module.css';

/**
 * The list's progress (issue 22), drawn from what the server sends: nothing at all for a reader
 * without evaluation read (`progress` null), never a colour without its number and name.
 */

type Progress = NonNullable<TrajectoryListItem['progress']>;

/** "3/10" with a thin bar; its accessible name says it in words. */
export function ProgressCell({ t, progress }: { t: TFunction; progress: Progress | null }) {
  if (!progress) return null;
  const { scored, competences } = progress;
  const share = competences === 0 ? 0 : scored / competences;
  return (
    <span
      className={classes.progress}
      role="img"
      aria-label={t('trajectories.list.progress', { scored, total: competences })}
      title={t('trajectories.list.progress', { scored, total: competences })}
    >
      <span aria-hidden className={classes.progressFigure}>
        {scored}/{competences}
      </span>
      <span aria-hidden className={classes.progressBar}>
        <span className={classes.progressFill} style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </span>
  );
}

/** The rounded average as a chip in its colour with its number, and its name beside it. */
export function AverageCell({ t, progress }: { t: TFunction; progress: Progress | null }) {
  const average = progress?.average ?? null;
  if (!average) return null;
  const label = t('trajectories.list.average', { score: average.score, name: average.name });
  return (
    <span className={classes.average} title={label}>
      <ScoreChip score={average.score} colour={average.colour} />
      <span className={classes.oneLine}>
        <span className={classes.visuallyHidden}>{label}</span>
        <span aria-hidden>{average.name}</span>
      </span>
    </span>
  );
}

function ScoreChip({ score, colour }: { score: number; colour: string | null }) {
  const background = colour ?? 'var(--mantine-color-gray-2)';
  return (
    <span
      aria-hidden
      className={classes.scoreChip}
      style={{ background, color: colour ? textColourOn(colour) : undefined }}
    >
      {score}
    </span>
  );
}

/** dd/MM/yyyy of the last assessment (D47), or "Not assessed yet". */
export function LastAssessedCell({ t, progress }: { t: TFunction; progress: Progress | null }) {
  if (!progress) return null;
  const text = progress.lastAssessed ? lastAssessedText(progress.lastAssessed) : null;
  return (
    <span className={`${classes.description} ${classes.oneLine}`}>
      {text ?? t('trajectories.list.notAssessed')}
    </span>
  );
}

/** On a phone, one line under the title: the average chip, scored of total and the last assessment. */
export function CompactProgress({ t, progress }: { t: TFunction; progress: Progress | null }) {
  if (!progress) return null;
  const average = progress.average;
  const last = progress.lastAssessed ? lastAssessedText(progress.lastAssessed) : null;
  return (
    <span className={classes.compactProgress}>
      {average ? <ScoreChip score={average.score} colour={average.colour} /> : null}
      {average ? (
        <span className={classes.visuallyHidden}>
          {t('trajectories.list.average', { score: average.score, name: average.name })}
        </span>
      ) : null}
      <ProgressCell t={t} progress={progress} />
      <span className={classes.oneLine}>{last ?? t('trajectories.list.notAssessed')}</span>
    </span>
  );
}
