import type { TrajectoryListItem } from '@groeipad/core';
import { IconAlertTriangle, IconCircleOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { displayActiveUntil, listExpiry } from '../expiry';
import classes from './trajectory-table.module.css';

interface Props {
  t: TFunction;
  item: TrajectoryListItem;
  /** yyyy-MM-dd, see expiry.ts */
  today: string;
  /** The cell links to the extension wizard (admin of a private organisation, PURCHASE on the row). */
  canExtend: boolean;
}

/**
 * activeUntil as dd/MM/yyyy with its expiry colour (spec part 1 §2, §9): orange with a warning mark
 * within 14 days, grey with an "inactive" mark when past or empty. The mark carries the word, so the
 * colour is never the only sign. Plain elements (the link is routed by the table): the windowed
 * table mounts many at once.
 */
export function ExpiryCell({ t, item, today, canExtend }: Props) {
  const status = listExpiry(item.activeUntil, today);
  const date = displayActiveUntil(item.activeUntil);
  const content = (
    <span className={`${classes.expiry} ${classes[status]}`} data-expiry={status}>
      {status === 'warning' ? (
        <IconAlertTriangle size={16} role="img" aria-label={t('trajectories.list.expiry.warning')} />
      ) : status === 'inactive' ? (
        <IconCircleOff size={16} role="img" aria-label={t('trajectories.list.expiry.inactive')} />
      ) : null}
      <span>{date ?? t('trajectories.list.noDate')}</span>
    </span>
  );
  if (!canExtend) return content;
  return (
    <a
      href="/extend-trajectories"
      className={`${classes.extendLink} ${classes[status]}`}
      aria-label={
        date ? t(`trajectories.list.extend.${status}`, { date }) : t('trajectories.list.extend.none')
      }
    >
      {content}
    </a>
  );
}
