import type { TFunction } from 'i18next';

/**
 * What every date picker's calendar needs to be read aloud and seen: names for its arrow buttons
 * (Mantine leaves them unnamed; the month and year buttons are named by what they show), no days of
 * the next or previous month (drawn too faint to read) and weekends in the normal colour (Mantine's
 * red is below the contrast minimum on white).
 */
export function calendarProps(t: TFunction) {
  return {
    ariaLabels: {
      previousMonth: t('common.calendar.previousMonth'),
      nextMonth: t('common.calendar.nextMonth'),
      previousYear: t('common.calendar.previousYear'),
      nextYear: t('common.calendar.nextYear'),
      previousDecade: t('common.calendar.previousDecade'),
      nextDecade: t('common.calendar.nextDecade'),
    },
    hideOutsideDates: true,
    weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
  };
}
