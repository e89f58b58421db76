import type { EvaluationCriterion } from '@groeipad/core';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodedName } from './coded-name';
import classes from './coded-name.module.css';

/** Criteria as the evaluation and the editor show them: uuid, code, name and their own criteria. */
export type ShownCriterion = Pick<EvaluationCriterion, 'uuid' | 'code' | 'name'> & {
  readonly criteria?: readonly ShownCriterion[] | undefined;
};

/** How many criteria a tree holds, at every depth. */
export function criteriaCount(criteria: readonly ShownCriterion[]): number {
  return criteria.reduce((sum, criterion) => sum + 1 + criteriaCount(criterion.criteria ?? []), 0);
}

/** A competence's criteria (D56), read-only: a nested list, each with its code before its text. */
export function CriteriaList({
  criteria,
  label,
  id,
}: {
  criteria: readonly ShownCriterion[];
  label?: string;
  id?: string;
}) {
  return (
    <ul className={classes.criteria} aria-label={label} id={id} data-testid="competence-criteria">
      {criteria.map((criterion) => (
        <li key={criterion.uuid}>
          <CodedName code={criterion.code} name={criterion.name} />
          {criterion.criteria?.length ? <CriteriaList criteria={criterion.criteria} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The criteria under a competence, closed until asked for: a "Criteria (n)" button (a real button, so
 * Enter and Space open it) with the list below it. Print shows them open.
 */
export function CriteriaToggle({ criteria, name }: { criteria: readonly ShownCriterion[]; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (criteria.length === 0) return null;
  const count = criteriaCount(criteria);
  return (
    <div>
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('competenceCriteria.toggleFor', { count, name })}
        onClick={() => setOpen((current) => !current)}
      >
        <IconChevronDown size={16} className={classes.chevron} aria-hidden />
        {t('competenceCriteria.toggle', { count })}
      </UnstyledButton>
      <div id={id} hidden={!open} className={classes.hiddenOnScreen}>
        <CriteriaList criteria={criteria} label={t('competenceCriteria.listOf', { name })} />
      </div>
    </div>
  );
}
