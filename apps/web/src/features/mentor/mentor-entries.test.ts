import type { Criterion } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { latestScore, mentorCompetences, mentorPatch, remarkText } from './mentor-entries';

const competence = (uuid: string, name: string, latest: Record<string, string> | null = null): Criterion => ({
  type: 'competence',
  uuid,
  name,
  info: '',
  labels: [],
  properties: latest ? { '2026-01-01T10:00:00.000Z': latest } : {},
  latestProperties: latest,
});

const tree: Criterion[] = [
  {
    type: 'cluster',
    uuid: 'k1',
    name: 'Zorg',
    info: '',
    labels: [],
    subsections: [
      {
        type: 'cluster',
        uuid: 's1',
        name: 'Zorgplan',
        info: '',
        labels: [],
        subsections: [
          competence('c1', 'Inventariseert'),
          competence('c2', 'Stelt op', { score: '2', remarks: '<p>Docent</p>' }),
        ],
      },
    ],
  },
];

describe('the mentor’s entries (issue 23)', () => {
  it('lists competences under their clusters with their place in the tree', () => {
    const list = mentorCompetences(tree);
    expect(list.map((c) => [c.uuid, c.group, c.cell.path])).toEqual([
      ['c1', 'Zorg · Zorgplan', [0, 0, 0]],
      ['c2', 'Zorg · Zorgplan', [0, 0, 1]],
    ]);
    expect(latestScore(list[1]!.cell.latest)).toBe(2);
    expect(latestScore(list[0]!.cell.latest)).toBeNull();
  });

  it('adds one dated entry per choice, with the mentor’s own remark and never the teacher’s', () => {
    const list = mentorCompetences(tree);
    const now = new Date('2026-03-02T10:00:00.000Z');
    const patch = mentorPatch(
      list,
      { c1: { score: 3, remark: 'Netjes' }, c2: { score: 4, remark: '' } },
      now,
    );
    expect(patch).toEqual([
      {
        op: 'add',
        path: '/criteria/0/subsections/0/subsections/0/properties/2026-03-02T10:00:00.000Z',
        value: { score: '3', date: '02/03/2026', remarks: 'Netjes' },
      },
      {
        op: 'add',
        path: '/criteria/0/subsections/0/subsections/1/properties/2026-03-02T10:00:00.001Z',
        value: { score: '4', date: '02/03/2026' },
      },
    ]);
  });

  it('keeps a typed remark as plain text, trimmed; a blank one is none', () => {
    expect(remarkText(' <b>a</b>\nb ')).toBe('<b>a</b>\nb');
    expect(remarkText('   ')).toBeNull();
  });
});
