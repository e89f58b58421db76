import { COMPETENCE_TREE_LEVELS, type Competence, competencesFromRows } from '@groeipad/core';
import { textToParagraphs } from './rich-text-html';

export type CompetenceImport =
  | {
      ok: true;
      competences: Competence[];
      /** How many competences (every level) the import adds. */
      added: number;
      /** Spreadsheet row numbers (1-based) skipped: parent level missing, or a number used twice. */
      skippedRows: number[];
    }
  /** Nothing to import: no row has an outline number and a name. */
  | { ok: false; reason: 'noRows' }
  /** A row is deeper than cluster → sub-cluster → competence (D3); nothing is imported. */
  | { ok: false; reason: 'tooDeep'; row: number; outline: string };

const OUTLINE = /^\d+(?:\.\d+)*\.?$/;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

function depth(outline: string): number {
  return outline.replace(/\.$/, '').split('.').length;
}

/** Info cells are plain text as a rule: each line becomes a paragraph; markup is left to the sanitiser. */
function withParagraphs(nodes: readonly Competence[]): Competence[] {
  return nodes.map((node) => ({
    ...node,
    info: node.info === '' || node.info.includes('<') ? node.info : textToParagraphs(node.info),
    subcompetences: withParagraphs(node.subcompetences),
  }));
}

function countTree(nodes: readonly Competence[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countTree(node.subcompetences), 0);
}

/**
 * The competences of a spreadsheet (spec part 2 §5): rows with an outline number (1, 1.1, 1.1.1) in the
 * first column and a name in the second; an optional third column is the info (plain lines become paragraphs). Rows without a number or
 * a name (a header, empty lines) are not data and are passed over silently; data rows whose parent level
 * is missing are skipped by core's competencesFromRows and counted. A row below the third level refuses
 * the whole import (D3), naming that row.
 */
export function importCompetenceRows(
  rows: readonly (readonly unknown[])[],
  newUuid: () => string,
): CompetenceImport {
  const data: { row: number; cells: readonly unknown[] }[] = [];
  rows.forEach((cells, index) => {
    const outline = text(cells[0]);
    if (OUTLINE.test(outline) && text(cells[1]) !== '') data.push({ row: index + 1, cells });
  });
  if (data.length === 0) return { ok: false, reason: 'noRows' };
  const deep = data.find(({ cells }) => depth(text(cells[0])) > COMPETENCE_TREE_LEVELS);
  if (deep) return { ok: false, reason: 'tooDeep', row: deep.row, outline: text(deep.cells[0]) };
  const result = competencesFromRows(
    data.map(({ cells }) => cells),
    newUuid,
  );
  return {
    ok: true,
    competences: withParagraphs(result.competences),
    added: countTree(result.competences),
    skippedRows: result.skipped.map((index) => data[index]!.row),
  };
}
