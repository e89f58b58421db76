import type { Criterion } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  achievedOf,
  type CompetenceRow,
  type EvaluationView,
  extractReport,
  type NewChart,
  type OldChart,
  type ReportSection,
  reportSections,
  rgbToHex,
  scaleMarks,
  scoreColour,
} from './model.ts';
import { extractSettings, informationForm, TEN_COLOURS } from './test-fixture.ts';

const competence = (uuid: string, score: string, achieved = '', date = '', info = ''): Criterion => ({
  type: 'competence',
  uuid,
  name: `Competentie ${uuid}`,
  info,
  labels: [],
  properties: {},
  latestProperties: { score, achieved: achieved as '' | 'true' | 'false', date },
});
const cluster = (uuid: string, subsections: Criterion[]): Criterion => ({
  type: 'cluster',
  uuid,
  name: `Cluster ${uuid}`,
  info: '<p>niet getoond</p>',
  labels: [],
  subsections,
});

const evaluation: EvaluationView = {
  criteria: [
    cluster('A', [
      cluster('A1', [
        competence('a', '3', 'true', '01/02/2026', '<p>Omschrijving a</p>'),
        competence('b', '1', 'false'),
      ]),
      cluster('A2', [competence('c', '', ''), competence('d', '0', 'true')]),
    ]),
    cluster('B', [cluster('B1', [competence('e', '7', 'true', '31/02/2026')]), cluster('B2', [])]),
  ],
  minScore: 1,
  maxScore: 4,
  scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', ''],
  scoreColours: ['#ff0000', '#ffaa00', '#00ff00', '#0000ff'],
  scoreInfo: ['', '', '', ''],
};

const generated = new Date('2026-03-14T23:30:00Z');

function rowsOf(section: ReportSection): CompetenceRow[] {
  return section.items.flatMap((item) => (item.kind === 'rows' ? item.rows : rowsOf(item.section)));
}

describe('what goes on the pages of an extract', () => {
  it('numbers sections per level: 1, 1.1, 1.1.1 (spec part 2 §9)', () => {
    const scale = scaleMarks(extractSettings(), evaluation);
    const [a, b] = reportSections(evaluation.criteria, 3, scale);
    expect([a?.number, a?.name, a?.depth]).toEqual(['1', 'Cluster A', 0]);
    const subs = a?.items.map((item) =>
      item.kind === 'section' ? [item.section.number, item.section.depth] : null,
    );
    expect(subs).toEqual([
      ['1.1', 1],
      ['1.2', 1],
    ]);
    expect(rowsOf(a as ReportSection).map((row) => row.number)).toEqual(['1.1.1', '1.1.2', '1.2.1', '1.2.2']);
    expect(rowsOf(b as ReportSection).map((row) => row.number)).toEqual(['2.1.1']);
    // An empty sub-cluster keeps its number and has no items.
    const empty = b?.items[1];
    expect(empty?.kind === 'section' && [empty.section.number, empty.section.items.length]).toEqual([
      '2.2',
      0,
    ]);
  });

  it('counts achieved competences per cluster from the latest entry only', () => {
    const [a, b] = reportSections(evaluation.criteria, 3, scaleMarks(extractSettings(), evaluation));
    expect([a?.competences, a?.achieved]).toEqual([4, 2]);
    expect([b?.competences, b?.achieved]).toEqual([1, 1]);
    expect(achievedOf({ achieved: 'true' })).toBe(true);
    expect(achievedOf({ achieved: 'false' })).toBe(false);
    expect(achievedOf({ achieved: '' })).toBeNull();
    expect(achievedOf(null)).toBeNull();
  });

  it('shows a score with its name and the extract colour; 0, empty and out-of-scale scores are not scored', () => {
    const report = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    const rows = report.sections.flatMap(rowsOf);
    expect(rows.map((row) => row.score?.name ?? null)).toEqual([
      'Voldoende',
      'Onvoldoende',
      null,
      null,
      null,
    ]);
    expect(rows[0]?.score?.colour).toBe(rgbToHex(TEN_COLOURS[2] as [number, number, number]));
    // A dd/MM/yyyy date is kept; an impossible one is left out.
    expect(rows.map((row) => row.date)).toEqual(['01/02/2026', '', '', '', '']);
    expect(rows.map((row) => row.achieved)).toEqual([true, false, null, true, true]);
  });

  it('adds descriptions on level 4 only (D36)', () => {
    const level3 = extractReport({
      settings: extractSettings({ level: 3 }),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    const level4 = extractReport({
      settings: extractSettings({ level: 4 }),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    expect(level3.sections.flatMap(rowsOf)[0]?.description).toBe('');
    expect(level4.sections.flatMap(rowsOf)[0]?.description).toBe('<p>Omschrijving a</p>');
  });

  it('shows each competence’s latest remarks when the blueprint does (showRemarks, issue 21)', () => {
    const remarked: Criterion = {
      type: 'competence',
      uuid: 'r',
      name: 'Met opmerkingen',
      info: '',
      labels: [],
      properties: {
        '2026-01-10T09:00:00.000Z': { score: '2', remarks: 'Eerste indruk' },
        '2026-02-10T09:00:00.000Z': { score: '3', remarks: '  Gaat vooruit.\r\nNog oefenen.  ' },
      },
      latestProperties: { score: '3', remarks: '  Gaat vooruit.\r\nNog oefenen.  ' },
    };
    // Taken back in the newest entry: nothing printed, not the older remark.
    const cleared: Criterion = {
      ...remarked,
      uuid: 's',
      properties: { '2026-01-10T09:00:00.000Z': { remarks: 'Oud' }, '2026-02-10T09:00:00.000Z': {} },
      latestProperties: { score: '2' },
    };
    const input = {
      trajectory: { name: 'T' },
      evaluation: { ...evaluation, criteria: [remarked, cleared] },
      generated,
    };
    const shown = extractReport({ ...input, settings: extractSettings({ showRemarks: true }) });
    expect(shown.sections.flatMap(rowsOf).map((row) => row.remarks)).toEqual([
      'Gaat vooruit.\nNog oefenen.',
      '',
    ]);
    const hidden = extractReport({ ...input, settings: extractSettings({ showRemarks: false }) });
    expect(hidden.sections.flatMap(rowsOf).map((row) => row.remarks)).toEqual(['', '']);
  });

  it('counts what was marked, so nothing marked is told apart from nothing achieved (issue 21)', () => {
    const report = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    expect(report.summary).toMatchObject({ competences: 5, achieved: 3, marked: 4 });
    const [a] = report.sections;
    expect([a?.achieved, a?.marked]).toEqual([2, 3]);
    const unmarked = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation: { ...evaluation, criteria: [competence('x', '3'), competence('y', '2')] },
      generated,
    });
    expect(unmarked.summary).toMatchObject({ competences: 2, achieved: 0, marked: 0 });
  });

  it('names the scale with its names (the score itself when a name is empty) and the ten colours', () => {
    const scale = scaleMarks(extractSettings(), evaluation);
    expect(scale.map((mark) => [mark.score, mark.name])).toEqual([
      [1, 'Onvoldoende'],
      [2, 'Matig'],
      [3, 'Voldoende'],
      [4, '4'],
    ]);
    expect(scale.map((mark) => mark.colour)).toEqual(TEN_COLOURS.slice(0, 4).map((rgb) => rgbToHex(rgb)));
    // Past the ten colours the evaluation's own colour is used, else grey.
    const wide: EvaluationView = { ...evaluation, minScore: 1, maxScore: 12, scoreColours: [] };
    expect(scoreColour(11, extractSettings(), { ...wide, scoreColours: Array(12).fill('#ABCDEF') })).toBe(
      '#abcdef',
    );
    expect(scoreColour(12, extractSettings(), wide)).toBe('#9E9E9E');
  });

  it('the new chart has one stacked bar per cluster and a total; unscored in its own count', () => {
    const report = extractReport({
      settings: extractSettings({ chartVariant: 'new' }),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    const chart = report.chart as NewChart;
    expect(chart.variant).toBe('new');
    expect(chart.bars.map((bar) => [bar.number, bar.name, bar.total, bar.unrated])).toEqual([
      ['1', 'Cluster A', 4, 2],
      ['2', 'Cluster B', 1, 1],
    ]);
    expect(chart.bars[0]?.segments.map((segment) => [segment.score, segment.count])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 0],
    ]);
    expect(chart.total.total).toBe(5);
    expect(chart.total.average).toMatchObject({ score: 2, name: 'Matig' });
    expect(report.summary).toMatchObject({ competences: 5, achieved: 3, scored: 2 });
  });

  it('the old chart has one bar per competence, as long as its place on the scale', () => {
    const report = extractReport({
      settings: extractSettings({ chartVariant: 'old' }),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    const chart = report.chart as OldChart;
    expect(
      chart.groups.map((group) => [group.number, group.rows.map((row) => [row.number, row.fraction])]),
    ).toEqual([
      [
        '1',
        [
          ['1.1.1', 0.75],
          ['1.1.2', 0.25],
          ['1.2.1', 0],
          ['1.2.2', 0],
        ],
      ],
      ['2', [['2.1.1', 0]]],
    ]);
  });

  it('leaves the chart out when the blueprint hides it or there is nothing to chart', () => {
    const hidden = extractReport({
      settings: extractSettings({ showScoreChart: false }),
      trajectory: { name: 'T' },
      evaluation,
      generated,
    });
    expect(hidden.chart).toBeNull();
    const empty = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation: { ...evaluation, criteria: [] },
      generated,
    });
    expect([empty.chart, empty.sections, empty.summary.average]).toEqual([null, [], null]);
  });

  it('gathers competences outside clusters in unnamed sections (data older than D3)', () => {
    const loose: EvaluationView = {
      ...evaluation,
      criteria: [competence('x', '2'), competence('y', '3'), cluster('C', [competence('z', '1')])],
    };
    const sections = reportSections(loose.criteria, 3, scaleMarks(extractSettings(), loose));
    expect(
      sections.map((section) => [section.number, section.name, rowsOf(section).map((row) => row.number)]),
    ).toEqual([
      ['', '', ['1', '2']],
      ['3', 'Cluster C', ['3.1']],
    ]);
  });

  it('takes the header texts from the blueprint and the date as the business day in dd/MM/yyyy (D4)', () => {
    const report = extractReport({
      settings: extractSettings({ addressLine2: '  ', title: ' Rapport ' }),
      trajectory: { name: 'BPV' },
      form: informationForm('Anna de Vries'),
      evaluation,
      generated,
    });
    expect(report.title).toBe('Rapport');
    expect(report.addressLines).toEqual(['Demoschool De Groeiboom']);
    expect(report.studentName).toBe('Anna de Vries');
    // 23:30 UTC on 14 March is 15 March in Amsterdam.
    expect(report.generatedDate).toBe('15/03/2026');
    expect(
      extractReport({
        settings: extractSettings(),
        trajectory: { name: 'BPV' },
        evaluation,
        generated,
        timeZone: 'UTC',
      }).generatedDate,
    ).toBe('14/03/2026');
  });

  it('a name the caller resolved wins; without a readable name field there is no name line', () => {
    const base = { settings: extractSettings(), trajectory: { name: 'BPV' }, evaluation, generated };
    expect(extractReport({ ...base, studentName: ' Piet ', form: informationForm('Anna') }).studentName).toBe(
      'Piet',
    );
    expect(extractReport({ ...base, form: { fields: [], values: {} } }).studentName).toBeNull();
  });
});
