import type { Criterion } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { latestScore, mentorCompetences, mentorPatch, remarkText, unsentScores } from './mentor-entries';

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
      { c1: { score: 3, remark: 'Netjes', photos: [] }, c2: { score: 4, remark: '', photos: [] } },
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

  it('names the photos of an entry by what the caller says they are: ids, or a draft’s upload references', () => {
    const list = mentorCompetences(tree);
    const file = new File(['x'], 'werk.jpg', { type: 'image/jpeg' });
    const choices = {
      c1: {
        score: 3,
        remark: '',
        photos: [
          { key: 'a', file },
          { key: 'b', file },
        ],
      },
    };
    const ids = new Map([
      ['a', '41'],
      ['b', '42'],
    ]);
    const [entry] = mentorPatch(
      list,
      choices,
      new Date('2026-03-02T10:00:00.000Z'),
      (photo) => ids.get(photo.key)!,
    );
    expect(entry).toMatchObject({ value: { score: '3', photos: '[41,42]' } });
    // Without a way to name them, photos are a programming error, never an entry without its evidence.
    expect(() => mentorPatch(list, choices, new Date())).toThrow();
    // A later entry of the same competence starts without the earlier photos (they are that entry's own).
    const later = mentorCompetences([
      {
        ...tree[0]!,
        subsections: [
          {
            ...tree[0]!,
            uuid: 's2',
            subsections: [competence('c3', 'Rapporteert', { score: '3', photos: '[41]' })],
          },
        ],
      } as Criterion,
    ]);
    const [next] = mentorPatch(later, { c3: { score: 4, remark: '', photos: [] } }, new Date());
    expect(next!.op === 'add' && next!.value).not.toHaveProperty('photos');
  });

  it('keeps a typed remark as plain text, trimmed; a blank one is none', () => {
    expect(remarkText(' <b>a</b>\nb ')).toBe('<b>a</b>\nb');
    expect(remarkText('   ')).toBeNull();
  });
});

describe('unsentScores (issue 31)', () => {
  const patch = (operations: { op: string; competenceUuid: string; value?: { score?: string } }[]) => ({
    steps: [{ kind: 'upload' as const }, { kind: 'patch' as const, operations }],
  });

  it('counts one score per competence, the newest draft’s, and leaves out entries without a score', () => {
    const scores = unsentScores([
      patch([
        { op: 'add', competenceUuid: 'c1', value: { score: '2' } },
        { op: 'add', competenceUuid: 'c2', value: { score: '3' } },
      ]),
      patch([
        { op: 'add', competenceUuid: 'c1', value: { score: '4' } },
        { op: 'add', competenceUuid: 'c3', value: { score: '' } },
        { op: 'remove', competenceUuid: 'c4' },
      ]),
    ]);
    expect([...scores]).toEqual([
      ['c1', 4],
      ['c2', 3],
    ]);
  });

  it('is empty without drafts', () => {
    expect(unsentScores([]).size).toBe(0);
  });
});
