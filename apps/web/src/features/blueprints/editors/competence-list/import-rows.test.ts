import { describe, expect, it } from 'vitest';
import { importCompetenceRows } from './import-rows';

let counter = 0;
const uuid = () => {
  counter += 1;
  return `c${counter}`;
};

describe('importCompetenceRows', () => {
  it('builds three levels from outline numbers, passing over header and empty rows', () => {
    const result = importCompetenceRows(
      [
        ['Nummer', 'Naam', 'Toelichting'],
        ['1', 'Kerntaak 1'],
        ['1.1', 'Zorgplan'],
        ['1.1.1', 'Inventariseert de zorgvraag', 'Regel een\nRegel twee'],
        [],
        ['1.1.2.', 'Stelt het zorgplan op'],
        ['2', 'Beroepshouding'],
      ],
      uuid,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.added).toBe(5);
    expect(result.skippedRows).toEqual([]);
    const [first, second] = result.competences;
    expect(first?.description).toBe('Kerntaak 1');
    expect(first?.subcompetences[0]?.subcompetences.map((c) => c.description)).toEqual([
      'Inventariseert de zorgvraag',
      'Stelt het zorgplan op',
    ]);
    expect(first?.subcompetences[0]?.subcompetences[0]?.info).toBe('<p>Regel een</p><p>Regel twee</p>');
    expect(second?.subcompetences).toEqual([]);
  });

  it('skips and counts rows whose parent is missing, with their spreadsheet row numbers', () => {
    const result = importCompetenceRows(
      [
        ['Nummer', 'Naam'],
        ['1', 'A'],
        ['1.1', 'A1'],
        ['2.1', 'Zonder ouder'],
        ['2.1.1', 'Onder een overgeslagen rij'],
        ['1.1', 'Dubbel'],
      ],
      uuid,
    );
    expect(result).toMatchObject({ ok: true, added: 2, skippedRows: [4, 5, 6] });
  });

  it('refuses a fourth level, naming the row', () => {
    expect(
      importCompetenceRows(
        [
          ['1', 'A'],
          ['1.1', 'B'],
          ['1.1.1', 'C'],
          ['1.1.1.1', 'D'],
        ],
        uuid,
      ),
    ).toEqual({ ok: false, reason: 'tooDeep', row: 4, outline: '1.1.1.1' });
  });

  it('says when no row holds a competence', () => {
    expect(
      importCompetenceRows(
        [
          ['Nummer', 'Naam'],
          ['', ''],
        ],
        uuid,
      ),
    ).toEqual({ ok: false, reason: 'noRows' });
  });
});
