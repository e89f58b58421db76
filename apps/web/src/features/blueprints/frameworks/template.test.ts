import { MBO_KINDS, packageFromMboRows } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { mboRows } from './read-framework';
import { templateSheet } from './template';

describe('templateSheet', () => {
  const { rows } = templateSheet();
  const body = rows.slice(1);

  it('has the documented header: code, titel, soort, bovenliggende code, omschrijving', () => {
    expect(rows[0]).toEqual(['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving']);
  });

  it('is one dossier: every kind, every parent an earlier row, the codes distinct', () => {
    expect(new Set(body.map((row) => row[2]))).toEqual(new Set(MBO_KINDS));
    const seen = new Set<string>();
    for (const [code, title, , parent] of body) {
      expect(title).not.toBe('');
      if (parent) expect(seen.has(String(parent))).toBe(true);
      expect(seen.has(String(code))).toBe(false);
      seen.add(String(code));
    }
    expect(body.filter((row) => row[2] === 'kwalificatiedossier')).toHaveLength(1);
    expect(body.filter((row) => !row[3])).toEqual([body[0]]);
  });

  it('reads back as the import reads a sheet, without a problem', () => {
    const text = rows.map((row) => row.map((cell) => String(cell ?? '')));
    expect(mboRows(text)).toEqual(text);
    const read = packageFromMboRows(mboRows(text), {
      nameUuid: (name) => `id:${name}`,
      now: '2026-09-01T08:00:00Z',
      fallbackName: 'Dossier',
      creator: 'School',
    });
    expect(read.problems).toEqual([]);
    expect(read.package?.CFItems.length).toBe(body.length - 1);
  });
});
