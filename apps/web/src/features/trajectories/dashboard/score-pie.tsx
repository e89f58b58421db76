import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pieSlices } from './pie-geometry';
import { type ScoreRow, textColourOn } from './score-figures';

const SIZE = 200;
const FRAME = { cx: SIZE / 2, cy: SIZE / 2, radius: SIZE / 2 - 4 };
/** A percentage is written inside its slice only when the slice is wide enough to hold it. */
const LABEL_MIN_FRACTION = 0.06;

interface Props {
  /** The widget's name (the chart's title). */
  title: string;
  rows: readonly ScoreRow[];
  /** Name of each row as the table shows it (the unrated row's name comes from the locale). */
  nameOf(row: ScoreRow): string;
}

/**
 * The evaluation-scores pie (spec part 1 §2, §9): a slice per score in the scale's colour, unrated in
 * grey, with its whole percentage written in. Drawn as plain SVG (no chart library): one image with a
 * title and a description that name every figure, so a screen reader hears what the eye sees; the
 * table beside it holds the same numbers.
 */
export function ScorePie({ title, rows, nameOf }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const slices = pieSlices(
    rows.map((row, index) => ({ key: index, value: row.count })),
    FRAME,
  );
  const description = rows
    .filter((row) => row.count > 0)
    .map((row) =>
      t('trajectories.dashboard.sliceDescription', {
        name: nameOf(row),
        count: row.count,
        percent: row.percent,
      }),
    )
    .join('; ');

  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="score-pie"
      style={{ width: '100%', maxWidth: 220, height: 'auto', display: 'block' }}
    >
      <title id={`${id}-title`}>{t('trajectories.dashboard.chartTitle', { name: title })}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {slices.map((slice) => {
        const row = rows[slice.key];
        if (!row) return null;
        return (
          <path
            key={slice.key}
            d={slice.path}
            fill={row.colour}
            stroke="#ffffff"
            strokeWidth={slices.length > 1 ? 2 : 0}
            strokeLinejoin="round"
            data-score={row.score}
            data-percent={row.percent}
          />
        );
      })}
      {slices.map((slice) => {
        const row = rows[slice.key];
        if (!row || slice.fraction < LABEL_MIN_FRACTION) return null;
        return (
          <text
            key={`label-${slice.key}`}
            x={slice.labelX}
            y={slice.labelY}
            textAnchor="middle"
            dominantBaseline="central"
            fill={textColourOn(row.colour)}
            fontSize={slice.fraction < 0.12 ? 12 : 15}
            fontWeight={700}
          >
            {t('trajectories.dashboard.percent', { value: row.percent })}
          </text>
        );
      })}
    </svg>
  );
}
