import type { Competence } from '../contract/blueprints.ts';
import { normaliseRichText } from '../fields/rich-text.ts';

/**
 * Competence import from a spreadsheet (spec part 2 §5): each row holds an outline number ('1', '1.2',
 * '1.2.3'; a trailing dot is allowed) and a name. The numbers build the nested list: '1.2' goes under '1'.
 * Skipped: rows without a valid number or a name (a header row, say), a number already used, and rows
 * whose parent level is missing ('2.1' without '2', or under a row that was itself skipped). An optional
 * third column is the info text, stored empty when it has no visible text.
 */
const OUTLINE = /^\d+(?:\.\d+)*\.?$/;

export interface ImportedCompetences {
  readonly competences: Competence[];
  /** Zero-based indexes of the rows that were skipped. */
  readonly skipped: number[];
}

function cell(row: readonly unknown[], index: number): string {
  const value = row[index];
  return value === null || value === undefined ? '' : String(value).trim();
}

/** The canonical outline key: numbers without leading zeros, joined by dots ('01.2.' → '1.2'). */
function outlineKey(text: string): string | null {
  if (!OUTLINE.test(text)) return null;
  return text
    .replace(/\.$/, '')
    .split('.')
    .map((part) => String(Number(part)))
    .join('.');
}

/** Builds the nested competence list; `newUuid` gives each competence its uuid. */
export function competencesFromRows(
  rows: readonly (readonly unknown[])[],
  newUuid: () => string,
): ImportedCompetences {
  const competences: Competence[] = [];
  const byOutline = new Map<string, Competence>();
  const skipped: number[] = [];
  rows.forEach((row, index) => {
    const key = outlineKey(cell(row, 0));
    const name = cell(row, 1);
    if (key === null || name === '' || byOutline.has(key)) {
      skipped.push(index);
      return;
    }
    const parentKey = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : null;
    const parent = parentKey === null ? undefined : byOutline.get(parentKey);
    if (parentKey !== null && !parent) {
      skipped.push(index);
      return;
    }
    const competence: Competence = {
      uuid: newUuid(),
      description: name,
      labels: [],
      info: normaliseRichText(cell(row, 2)),
      subcompetences: [],
    };
    byOutline.set(key, competence);
    (parent ? parent.subcompetences : competences).push(competence);
  });
  return { competences, skipped };
}
