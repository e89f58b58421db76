import { formatIsoDate, parseTypedDate, showDate, typedDateToIso } from '@groeipad/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarProps } from '../lib/calendar';

export type DayInputProps = Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'fixOnBlur'>;

type Problem = { key: 'invalid' } | { key: 'beforeMin' | 'afterMax'; date: string };

/** yyyy-MM-dd of a Mantine min/max date (a day text or a Date). */
function dayOf(value: DateInputProps['minDate']): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : formatIsoDate(value);
}

/** What is wrong with a typed text, or null when it is empty or a day the input takes. */
function typedDateProblem(
  text: string,
  minDate?: DateInputProps['minDate'],
  maxDate?: DateInputProps['maxDate'],
): Problem | null {
  const typed = parseTypedDate(text);
  if (typed.kind === 'empty') return null;
  if (typed.kind === 'invalid') return { key: 'invalid' };
  const min = dayOf(minDate);
  const max = dayOf(maxDate);
  if (min !== null && typed.iso < min) return { key: 'beforeMin', date: showDate(min) };
  if (max !== null && typed.iso > max) return { key: 'afterMax', date: showDate(max) };
  return null;
}

/**
 * Every date input of the web (D47): a day typed as dd/MM/yyyy, d/M/yyyy, d-M-yyyy, d.M.yyyy or
 * ddMMyyyy, shown back as dd/MM/yyyy on leaving the field. A text that is no day (31-02-2007), or a day
 * outside min/max, stays as typed with an error under it — never quietly dropped — and leaves the value
 * as it was. The calendar's names and colours come from calendarProps.
 */
export function DayInput({ onChange, onInput, onBlur, error, minDate, maxDate, ...props }: DayInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const problem = typed === null ? null : typedDateProblem(typed, minDate, maxDate);
  const problemText =
    showProblem && problem
      ? problem.key === 'invalid'
        ? t('common.dateInput.invalid')
        : t(`common.dateInput.${problem.key}`, { date: problem.date })
      : null;
  return (
    <DateInput
      {...calendarProps(t)}
      {...props}
      minDate={minDate}
      maxDate={maxDate}
      valueFormat="DD/MM/YYYY"
      dateParser={typedDateToIso}
      // Keep a text that is no day on screen, with its error, instead of putting the old value back.
      fixOnBlur={problem === null}
      onInput={(event) => {
        setTyped(event.currentTarget.value);
        setShowProblem(false);
        onInput?.(event);
      }}
      onBlur={(event) => {
        if (problem) setShowProblem(true);
        else setTyped(null);
        onBlur?.(event);
      }}
      onChange={(value) => {
        // A day typed in full, picked in the calendar or cleared: nothing is wrong any more.
        setTyped(null);
        setShowProblem(false);
        onChange?.(value);
      }}
      error={problemText ?? error}
    />
  );
}
