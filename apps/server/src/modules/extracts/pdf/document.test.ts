import { join } from 'node:path';
import type { Content, Node, NodeQueries } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../i18n/catalogue.ts';
import {
  barCanvas,
  CONTENT_WIDTH,
  clip,
  competenceBar,
  competenceTable,
  estimatedHeight,
  extractDocument,
  KEEP_WHOLE_LIMIT,
  keepHeadings,
  roomBelow,
  sectionContent,
  softenReport,
} from './document.ts';
import { extractPdfLabels } from './labels.ts';
import { type ChartBar, type CompetenceRow, extractReport } from './model.ts';
import { softBreaks } from './soft-breaks.ts';
import { evaluationView, extractSettings } from './test-fixture.ts';

const texts = catalogue(join(import.meta.dirname, '../../../../../web/public/locales'));
const nl = extractPdfLabels(texts, 'nl');
const generated = new Date('2026-03-14T10:00:00Z');

function node(headlineLevel: number | undefined, verticalRatio: number, id?: string): Node {
  return {
    headlineLevel,
    id,
    pageNumbers: [1],
    pages: 1,
    stack: false,
    startPosition: {
      pageNumber: 1,
      pageOrientation: 'portrait',
      pageInnerHeight: 720,
      pageInnerWidth: 495,
      left: 50,
      top: 64 + verticalRatio * 720,
      verticalRatio,
      horizontalRatio: 0,
    },
  } as Node;
}
const following = (nodes: Node[]): NodeQueries => ({
  getFollowingNodesOnPage: () => nodes,
  getNodesOnNextPage: () => [],
  getPreviousNodesOnPage: () => [],
});

describe('keeping headings with what follows them', () => {
  it('moves a cluster heading with too little room below it to the next page', () => {
    expect(keepHeadings(node(1, 0.9), following([node(undefined, 0.95)]))).toBe(true);
    expect(keepHeadings(node(1, 0.4), following([node(undefined, 0.45)]))).toBe(false);
  });

  it('moves a heading followed on its page only by headings, the running footer aside', () => {
    const footer = node(undefined, 1.05);
    expect(keepHeadings(node(1, 0.5), following([node(9, 0.52), footer]))).toBe(true);
    expect(keepHeadings(node(1, 0.5), following([node(9, 0.52), node(undefined, 0.55), footer]))).toBe(false);
  });

  it('asks for the room its first row needs: more for a long description (level 4) than for a short name', () => {
    const base = extractReport({
      settings: extractSettings(),
      trajectory: { name: 'T' },
      evaluation: evaluationView(24),
      generated,
    });
    const level4 = extractReport({
      settings: extractSettings({ level: 4 }),
      trajectory: { name: 'T' },
      evaluation: evaluationView(24),
      generated,
    });
    const short = roomBelow(base.sections[0] as NonNullable<(typeof base.sections)[0]>);
    const long = roomBelow(level4.sections[0] as NonNullable<(typeof level4.sections)[0]>);
    expect(short).toBeGreaterThan(100);
    expect(long).toBeGreaterThan(short);
    expect(long).toBeLessThanOrEqual(420);
    // The heading carries it in its id; keepHeadings reads it back.
    expect(keepHeadings(node(1, 0.7, `keep-300-c0`), following([node(undefined, 0.75)]))).toBe(true);
    expect(keepHeadings(node(1, 0.7, `keep-100-c0`), following([node(undefined, 0.75)]))).toBe(false);
  });

  it('never moves text that is not a kept heading, nor a heading at the top of a page', () => {
    expect(keepHeadings(node(undefined, 0.99), following([]))).toBe(false);
    expect(keepHeadings(node(9, 0.99), following([]))).toBe(false);
    expect(keepHeadings(node(1, 0), following([node(undefined, 0.1)]))).toBe(false);
  });
});

describe('text that cannot break the layout', () => {
  it('guesses heights generously and per line', () => {
    expect(estimatedHeight('kort', 200, 9)).toBeLessThan(20);
    expect(estimatedHeight('woord '.repeat(2000), 200, 9)).toBeGreaterThan(KEEP_WHOLE_LIMIT);
    expect(estimatedHeight('a\nb\nc', 200, 10)).toBeCloseTo(3 * 13.5);
  });

  it('clips running texts with an ellipsis, counting characters not code units', () => {
    expect(clip('kort', 10)).toBe('kort');
    expect(clip('een lange titel', 8)).toBe('een lan…');
    expect(clip('een lange titel', 5)).toBe('een…');
    expect(clip('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('adds break chances only inside overlong words', () => {
    expect(softBreaks('gewone woorden blijven gewoon')).toBe('gewone woorden blijven gewoon');
    const long = `kort ${'ab'.repeat(20)} einde`;
    const soft = softBreaks(long);
    expect(soft.replaceAll('\u200b', '')).toBe(long);
    expect(soft.split('\u200b')).toHaveLength(2);
  });

  it('softens every user text of the report and keeps its shape', () => {
    const report = extractReport({
      settings: extractSettings({ title: 'T'.repeat(40) }),
      trajectory: { name: 'N'.repeat(40) },
      evaluation: evaluationView(10),
      generated,
    });
    const soft = softenReport(report);
    expect(soft.title).toContain('\u200b');
    expect(soft.trajectoryName).toContain('\u200b');
    expect(JSON.stringify(soft).replaceAll('\\u200b', '').replaceAll('\u200b', '')).toBe(
      JSON.stringify(report),
    );
  });
});

describe('the competence tables', () => {
  const row = (overrides: Partial<CompetenceRow> = {}): CompetenceRow => ({
    uuid: 'k',
    number: '1.1.1',
    code: '',
    name: 'Voert een gesprek',
    criteria: [],
    description: '',
    score: { score: 3, name: 'Voldoende', colour: '#00ff00' },
    achieved: true,
    remarks: '',
    date: '01/02/2026',
    ...overrides,
  });
  const report = extractReport({
    settings: extractSettings(),
    trajectory: { name: 'T' },
    evaluation: evaluationView(4),
    generated,
  });

  it('has an achieved column only when the blueprint shows achieved, and tints achieved rows', () => {
    const withAchieved = competenceTable(
      [row(), row({ achieved: false })],
      { ...report, showAchieved: true },
      nl,
    );
    expect(withAchieved.table.widths).toHaveLength(5);
    expect(JSON.stringify(withAchieved.table.body[0])).toContain('Behaald');
    expect((withAchieved.table.body[1]?.[0] as { fillColor?: string } | undefined)?.fillColor).toBeDefined();
    expect(
      (withAchieved.table.body[2]?.[0] as { fillColor?: string } | undefined)?.fillColor,
    ).toBeUndefined();
    const without = competenceTable([row()], { ...report, showAchieved: false }, nl);
    expect(without.table.widths).toHaveLength(4);
    expect(JSON.stringify(without.table.body)).not.toContain('Behaald');
  });

  it('prints the remarks under the competence’s name, labelled, and lets a row of long remarks break', () => {
    const table = competenceTable([row({ remarks: 'Vraagt goed door.' })], report, nl);
    const cell = JSON.stringify(table.table.body[1]?.[1]);
    expect(cell).toContain('Voert een gesprek');
    expect(cell).toContain('Opmerkingen: ');
    expect(cell).toContain('Vraagt goed door.');
    expect(table.table.dontBreakRows).toBe(true);
    const long = competenceTable([row({ remarks: 'Lang verhaal. '.repeat(600) })], report, nl);
    expect(long.table.dontBreakRows).toBe(false);
    expect(JSON.stringify(competenceTable([row()], report, nl).table.body)).not.toContain('Opmerkingen');
  });

  it('puts a sub-cluster title in the repeated header and keeps the first row with it', () => {
    const table = competenceTable([row(), row()], report, nl, { text: '1.1   Kennis', depth: 1 });
    expect(table.table.headerRows).toBe(2);
    expect(table.table.keepWithHeaderRows).toBe(1);
    expect(table.table.dontBreakRows).toBe(true);
    expect(table.table.body[0]?.[0]).toMatchObject({ text: '1.1   Kennis', colSpan: 5 });
  });

  it('lets rows break when one might be taller than a page (an unbreakable block loses its end)', () => {
    const table = competenceTable(
      [row(), row({ description: `<p>${'lange tekst '.repeat(3000)}</p>` })],
      { ...report, level: 4 },
      nl,
    );
    expect(table.table.dontBreakRows).toBe(false);
    expect(table.table.keepWithHeaderRows).toBe(0);
  });

  it('draws a cluster heading with its counts, sub-clusters in their tables, and says when a section is empty', () => {
    const [first] = report.sections;
    const content = sectionContent(first as NonNullable<typeof first>, report, nl) as Content[];
    expect(content[0]).toMatchObject({ text: '1   Communicatie en samenwerking', headlineLevel: 1 });
    expect((content[0] as { id: string }).id).toMatch(/^keep-\d+-c0$/);
    expect(JSON.stringify(content[1])).toContain('competenties');
    const empty = sectionContent({ ...(first as NonNullable<typeof first>), items: [] }, report, nl);
    expect(JSON.stringify(empty)).toContain(nl.noCompetences);
  });
});

describe('the chart drawings', () => {
  const bar: ChartBar = {
    number: '1',
    name: 'C',
    segments: [
      { score: 1, name: 'a', colour: '#ff0000', count: 2 },
      { score: 2, name: 'b', colour: '#00ff00', count: 0 },
      { score: 3, name: 'c', colour: '#0000ff', count: 1 },
    ],
    unrated: 1,
    total: 4,
    average: null,
  };

  it('stacks one rectangle per score that occurs, in proportion, the unscored last', () => {
    const rects = barCanvas(bar, 200).filter((shape) => shape.type === 'rect') as {
      x: number;
      w: number;
      color: string;
    }[];
    expect(rects.map((rect) => [rect.x, rect.w, rect.color])).toEqual([
      [0, 100, '#ff0000'],
      [100, 50, '#0000ff'],
      [150, 50, '#b3bac4'],
    ]);
    expect(barCanvas({ ...bar, total: 0, unrated: 0 }, 200)).toHaveLength(1);
  });

  it('draws a competence bar as long as its fraction over a track with the scale steps', () => {
    const shapes = competenceBar(0.6, '#123456', 5, 100);
    expect(shapes[1]).toMatchObject({ type: 'rect', w: 60, color: '#123456' });
    expect(shapes.filter((shape) => shape.type === 'line')).toHaveLength(4);
    expect(competenceBar(0, '#123456', 5, 100).filter((shape) => shape.type === 'rect')).toHaveLength(1);
  });
});

describe('the document', () => {
  const report = extractReport({
    settings: extractSettings(),
    trajectory: { name: 'BPV' },
    evaluation: evaluationView(20),
    generated,
  });

  it('is A4 with 495 points of content, a running header after page 1 and page numbers in the footer', () => {
    const doc = extractDocument(report, nl, { logo: null }, 'nl');
    expect(doc.pageSize).toBe('A4');
    expect(CONTENT_WIDTH).toBeCloseTo(495.28);
    const header = doc.header as (page: number, pages: number) => unknown;
    const footer = doc.footer as (page: number, pages: number) => unknown;
    expect(header(1, 3)).toBeNull();
    expect(JSON.stringify(header(2, 3))).toContain('Voortgangsrapport');
    expect(JSON.stringify(footer(2, 3))).toContain('Pagina 2 van 3');
    expect(doc.images).toEqual({});
    expect(doc.language).toBe('nl-NL');
  });

  it('places the logo only when there is one, and ends with both signature lines', () => {
    const doc = extractDocument(report, nl, { logo: 'data:image/png;base64,AAAA' }, 'nl');
    expect(doc.images).toEqual({ logo: 'data:image/png;base64,AAAA' });
    const content = doc.content as Content[];
    const last = JSON.stringify(content.at(-1));
    expect(last).toContain('Klassendocent');
    expect(last).toContain('Ouder of verzorger');
    expect(JSON.stringify(content.slice(0, 2))).toContain('"image":"logo"');
  });
});
