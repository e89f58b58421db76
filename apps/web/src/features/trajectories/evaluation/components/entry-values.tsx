import { type CompetenceProperties, type CompetencePropertyKey, photoIdsOf } from '@groeipad/core';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PhotoThumbnail } from '../../form/fields/photo-thumbnail';
import { parseLocations } from '../entry-form';
import classes from './evaluation.module.css';

/** The properties shown for an entry, in this order (score shows as the chip beside them). */
const SHOWN: readonly CompetencePropertyKey[] = [
  'date',
  'planned_date',
  'location',
  'achieved',
  'offered',
  'info',
  'remarks',
];

/** Long texts take the whole width, under their label (a phone has no room beside it). */
const LONG: ReadonlySet<CompetencePropertyKey> = new Set(['info', 'remarks']);

/** An entry's values as a list of label and value; empty values are left out. */
export function EntryValues({ values }: { values: CompetenceProperties | null | undefined }) {
  const { t } = useTranslation();
  const text = (key: CompetencePropertyKey, value: string): string => {
    if (key === 'location')
      return parseLocations(value)
        .map((location) => t(`trajectories.evaluation.locations.${location}`))
        .join(', ');
    if (key === 'achieved')
      return t(value === 'true' ? 'trajectories.evaluation.yes' : 'trajectories.evaluation.no');
    return value;
  };
  const rows = SHOWN.flatMap((key) => {
    // The remark template leaves blank lines under its headings: one is enough on screen.
    const value = values?.[key]?.trim().replace(/\n\s*\n\s*\n+/g, '\n\n') ?? '';
    return value === '' ? [] : [{ key, value: text(key, value) }];
  });
  // Photos as evidence (issue 23): thumbnails, the original on a press.
  const photos = photoIdsOf(values?.photos);
  if (rows.length === 0 && photos.length === 0) return null;
  return (
    <dl className={classes.properties}>
      {rows.map(({ key, value }) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt className={LONG.has(key) ? classes.wide : undefined}>
            {t(`trajectories.evaluation.properties.${key}`)}
          </dt>
          <dd className={LONG.has(key) ? `${classes.wide} ${classes.remarks}` : undefined}>{value}</dd>
        </div>
      ))}
      {photos.length > 0 ? (
        <>
          <dt className={classes.wide}>{t('trajectories.evaluation.properties.photos')}</dt>
          <dd className={classes.wide}>
            <Group gap="xs" align="flex-start" data-testid="entry-photos">
              {photos.map((id, index) => (
                <PhotoThumbnail
                  key={id}
                  id={id}
                  alt={t('trajectories.evaluation.photoAlt', { number: index + 1 })}
                  onRemove={undefined}
                />
              ))}
            </Group>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
