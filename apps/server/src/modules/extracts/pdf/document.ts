import type {
  CanvasElement,
  Column,
  Content,
  ContentTable,
  CustomTableLayout,
  Node,
  NodeQueries,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import type { ExtractPdfLabels } from './labels.ts';
import type {
  ChartBar,
  CompetenceRow,
  CriterionLine,
  ExtractReport,
  NewChart,
  OldChart,
  ReportSection,
  ScoreMark,
} from './model.ts';
import { richTextToContent } from './rich-text.ts';
import { softBreaks } from './soft-breaks.ts';

/**
 * The pdfmake document of an extract (spec part 2 §9: A4, 495 points of content width, a Dutch
 * school report): a letterhead with the logo and the two address lines, title and subtitle, the
 * student's details, the numbered sections with a table of competences each, the score chart and
 * the signature lines. Pages after the first carry a running header; every page a footer with the
 * date and "page x of y". Headings never stay alone at the bottom of a page (`keepHeadings`).
 */

export const PAGE = { width: 595.28, height: 841.89 } as const;
const SIDE = 50;
/** 495 points of content (spec part 2 §9). */
export const CONTENT_WIDTH = PAGE.width - 2 * SIDE;

const INK = '#1f2933';
const MUTED = '#5b6675';
const ACCENT = '#1c4f82';
const RULE = '#d3dae3';
const BAND = '#eef2f7';
const ACHIEVED_FILL = '#eef7f0';
const ACHIEVED_INK = '#1e6b34';
const EMPTY_BAR = '#e4e8ee';

/** Headings carry a headline level; lines that belong to a heading carry this one, so they never count as content below it. */
const ATTACHED = 9;

export interface DocumentOptions {
  /** A data URL of the logo (PNG or JPEG), already checked. */
  logo: string | null;
}

const cellPadding: CustomTableLayout = {
  paddingLeft: (column) => (column === 0 ? 4 : 6),
  paddingRight: () => 4,
  paddingTop: () => 4,
  paddingBottom: () => 4,
};

const rowsLayout: CustomTableLayout = {
  ...cellPadding,
  hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : row === 1 ? 0.8 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (row) => (row === 1 ? '#b8c2ce' : RULE),
};

const plainLayout: CustomTableLayout = {
  ...cellPadding,
  hLineWidth: () => 0,
  vLineWidth: () => 0,
};

function swatch(colour: string, size = 8): Column {
  return {
    canvas: [{ type: 'rect', x: 0, y: 1.5, w: size, h: size, r: 1.5, color: colour }],
    width: size + 5,
  };
}

function scoreCell(score: ScoreMark | null, labels: ExtractPdfLabels): TableCell {
  if (!score) return { text: labels.notScored, italics: true, color: MUTED, fontSize: 8.5 };
  return { columns: [swatch(score.colour), { text: score.name, width: '*' }], columnGap: 0 };
}

function achievedCell(achieved: boolean | null, labels: ExtractPdfLabels): TableCell {
  if (achieved === true) return { text: labels.yes, bold: true, color: ACHIEVED_INK };
  if (achieved === false) return { text: labels.no, color: MUTED };
  return { text: '–', color: MUTED };
}

/** A name with its code before it (D56), the code in the muted ink. */
function codedText(code: string, name: string): Content[] {
  return code === '' ? [{ text: name }] : [{ text: `${code} `, color: MUTED }, { text: name }];
}

/** A competence's criteria (D56) as a list under its name, each nested list indented further. */
function criteriaList(criteria: readonly CriterionLine[]): Content {
  return {
    ul: criteria.flatMap((criterion): Content[] => [
      { text: codedText(criterion.code, criterion.name) },
      ...(criterion.criteria.length > 0 ? [criteriaList(criterion.criteria)] : []),
    ]),
    fontSize: 8.5,
    color: INK,
    markerColor: MUTED,
    margin: [2, 1, 0, 1],
  } as Content;
}

/** The competence's code and name, its criteria, its description (level 4) and its latest remarks (showRemarks). */
function competenceName(row: CompetenceRow, labels: ExtractPdfLabels): TableCell {
  const description =
    row.description === '' ? [] : richTextToContent(row.description, { fontSize: 8.5, linkColour: ACCENT });
  const name = codedText(row.code, row.name);
  if (description.length === 0 && row.remarks === '' && row.criteria.length === 0) return { text: name };
  const stack: Content[] = [{ text: name, bold: description.length > 0, margin: [0, 0, 0, 2] }];
  if (row.criteria.length > 0) stack.push(criteriaList(row.criteria));
  if (description.length > 0) stack.push({ stack: description, fontSize: 8.5, color: MUTED });
  if (row.remarks !== '') {
    stack.push({
      text: [{ text: `${labels.remarks}: `, bold: true, color: MUTED }, { text: row.remarks }],
      fontSize: 8.5,
      color: INK,
      margin: [6, description.length > 0 ? 3 : 0, 0, 1],
    });
  }
  return { stack };
}

/** The achieved count, worded so that nothing marked never reads as nothing achieved (issue 21). */
function achievedText(
  counts: { achieved: number; marked: number; competences: number },
  labels: ExtractPdfLabels,
  summary: boolean,
): string {
  if (counts.marked === 0) return summary ? labels.achievedNoneSummary : labels.achievedNone;
  return labels.achievedCount(counts.achieved, counts.competences);
}

/**
 * A generous guess of how tall text is in a column. pdfmake drops whatever an unbreakable block has
 * beyond one page, so rows that might be taller than that must be allowed to break.
 */
export function estimatedHeight(text: string, columnWidth: number, fontSize: number): number {
  const perLine = Math.max(1, Math.floor(columnWidth / (fontSize * 0.55)));
  let lines = 0;
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / perLine));
  return lines * fontSize * 1.35;
}

/** Rows are kept whole when each is clearly shorter than a page (about 720 points of content). */
export const KEEP_WHOLE_LIMIT = 420;

/** The text of a row as lines, with a line per block of its description and its remarks. */
function rowText(row: CompetenceRow): string {
  const lines = [`${row.code} ${row.name}`];
  const criteria = (list: readonly CriterionLine[], indent: string): void => {
    for (const criterion of list) {
      lines.push(`${indent}• ${criterion.code} ${criterion.name}`);
      criteria(criterion.criteria, `${indent}  `);
    }
  };
  criteria(row.criteria, '  ');
  if (row.description !== '')
    lines.push(
      row.description
        .replace(/<(?:br|\/p|\/li|\/h[1-4])\b[^>]*>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&[a-z#0-9]+;/gi, ' '),
    );
  if (row.remarks !== '') lines.push(`Opmerkingen: ${row.remarks}`);
  return lines.join('\n');
}

/** Text cut to `max` characters with an ellipsis (running headers and repeated chart titles only). */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A section heading drawn as the first row of its table, so it repeats over the columns on every page the table reaches. */
export interface TableTitle {
  text: string;
  depth: number;
}

/**
 * The table of a block of competences: number, name (and description on level 4), score, achieved,
 * date. With a title (a sub-cluster's heading) the title and the column header repeat on every page
 * the table continues on, and pdfmake keeps them with the first row: a heading never ends a page.
 */
export function competenceTable(
  rows: readonly CompetenceRow[],
  report: ExtractReport,
  labels: ExtractPdfLabels,
  title: TableTitle | null = null,
) {
  const head = (text: string): TableCell => ({ text, bold: true, fontSize: 8, color: MUTED });
  const header: TableCell[] = [head(labels.number), head(labels.competence), head(labels.score)];
  const widths: (number | string)[] = [38, '*', 104];
  if (report.showAchieved) {
    header.push(head(labels.achieved));
    widths.push(50);
  }
  header.push(head(labels.date));
  widths.push(54);
  const body: TableCell[][] = [];
  if (title) {
    const style = headingStyle(title.depth);
    body.push([
      {
        text: title.text,
        bold: true,
        fontSize: style.fontSize,
        color: style.color,
        colSpan: widths.length,
        margin: [-4, 4, 0, 0],
      },
      ...widths.slice(1).map(() => ({})),
    ]);
  }
  body.push(header);
  const headerRows = body.length;
  for (const row of rows) {
    const cells: TableCell[] = [
      { text: row.number, color: MUTED },
      competenceName(row, labels),
      scoreCell(row.score, labels),
    ];
    if (report.showAchieved) cells.push(achievedCell(row.achieved, labels));
    cells.push({ text: row.date });
    // Achieved rows stand out with a light green band when the blueprint shows achieved (D36).
    if (report.showAchieved && row.achieved === true) {
      for (const cell of cells) (cell as { fillColor?: string }).fillColor = ACHIEVED_FILL;
    }
    body.push(cells);
  }
  // A row stays on one page (and the first with the header), unless one of them might not fit on any.
  const keepWhole = rows.every((row) => estimatedHeight(rowText(row), 200, 9) < KEEP_WHOLE_LIMIT);
  return {
    table: {
      headerRows,
      keepWithHeaderRows: keepWhole ? 1 : 0,
      dontBreakRows: keepWhole,
      widths,
      body,
    },
    layout: {
      ...cellPadding,
      hLineWidth: (row, node) =>
        row === 0 || row === node.table.body.length || row < headerRows ? 0 : row === headerRows ? 0.8 : 0.5,
      vLineWidth: () => 0,
      hLineColor: (row) => (row === headerRows ? '#b8c2ce' : RULE),
    },
    fontSize: 9,
    margin: [0, title ? 4 : 2, 0, 8],
  } satisfies ContentTable;
}

const HEADING_STYLE = [
  { fontSize: 14, color: ACCENT, margin: [0, 14, 0, 1] },
  { fontSize: 11.5, color: INK, margin: [0, 10, 0, 3] },
  { fontSize: 10.5, color: INK, margin: [0, 8, 0, 3] },
] as const;

function headingStyle(depth: number) {
  return HEADING_STYLE[Math.min(depth, HEADING_STYLE.length - 1)] ?? HEADING_STYLE[2];
}

function headingText(section: ReportSection): string {
  return section.number === '' ? section.name : `${section.number}   ${section.name}`;
}

/** Most room a heading asks for: more than that and the table under it may break after its header anyway. */
const ROOM_CAP = 420;

/**
 * The room a cluster heading needs below its top to keep company: the heading and its counts, the
 * titles down to the first table, that table's header and its first row (pdfmake keeps those two
 * together, so with less room the table would leave the heading behind).
 */
export function roomBelow(section: ReportSection): number {
  let room = 46;
  let first = section.items[0];
  while (first?.kind === 'section') {
    room += 32;
    first = first.section.items[0];
  }
  const row = first?.kind === 'rows' ? first.rows[0] : undefined;
  if (row) room += 24 + estimatedHeight(rowText(row), 200, 9) + 10;
  return Math.min(Math.ceil(room), ROOM_CAP);
}

function heading(section: ReportSection): Content {
  const style = headingStyle(section.depth);
  const cluster = section.depth === 0;
  return {
    text: headingText(section),
    bold: true,
    fontSize: style.fontSize,
    color: style.color,
    margin: [...style.margin],
    // Only clusters are kept with what follows by `keepHeadings`, which reads the room they need from
    // the id; deeper headings ride in their table.
    ...(cluster ? { id: `keep-${roomBelow(section)}-${section.uuid}` } : {}),
    headlineLevel: cluster ? 1 : ATTACHED,
  } as Content;
}

function sectionMeta(
  section: ReportSection,
  report: ExtractReport,
  labels: ExtractPdfLabels,
): Content | null {
  if (section.depth !== 0) return null;
  const parts = [labels.competenceCount(section.competences)];
  if (report.showAchieved && section.competences > 0) parts.push(achievedText(section, labels, false));
  return {
    text: parts.join('  ·  '),
    fontSize: 8.5,
    color: MUTED,
    margin: [0, 0, 0, 4],
    headlineLevel: ATTACHED,
  } as Content;
}

/**
 * A section: a cluster's heading and counts, then its items in order. A sub-cluster whose first item
 * is a block of competences puts its heading into that table (see `competenceTable`).
 */
export function sectionContent(
  section: ReportSection,
  report: ExtractReport,
  labels: ExtractPdfLabels,
): Content[] {
  const content: Content[] = [];
  const named = section.name !== '' || section.number !== '';
  const first = section.items[0];
  // The title repeats on each page of the table: only a title of a few lines is fit for that.
  const titleInTable =
    named &&
    section.depth > 0 &&
    first?.kind === 'rows' &&
    estimatedHeight(headingText(section), 480, 11.5) < 80;
  if (named && !titleInTable) {
    content.push(heading(section));
    const meta = sectionMeta(section, report, labels);
    if (meta) content.push(meta);
  }
  if (section.items.length === 0) {
    content.push({ text: labels.noCompetences, italics: true, color: MUTED, margin: [0, 2, 0, 6] });
  }
  section.items.forEach((item, index) => {
    if (item.kind === 'rows') {
      const title = index === 0 && titleInTable ? { text: headingText(section), depth: section.depth } : null;
      content.push(competenceTable(item.rows, report, labels, title));
    } else {
      content.push(...sectionContent(item.section, report, labels));
    }
  });
  return content;
}

function letterhead(report: ExtractReport, options: DocumentOptions): Content[] {
  if (!options.logo && report.addressLines.length === 0) return [];
  const address: Column = {
    stack: report.addressLines.map((line, index) =>
      index === 0
        ? { text: line, bold: true, fontSize: 10, color: INK }
        : { text: line, fontSize: 9, color: MUTED },
    ),
    alignment: options.logo ? 'right' : 'left',
    margin: [0, 6, 0, 0],
    width: '*',
  };
  const logo: Column = { stack: [{ image: 'logo', fit: [180, 64] }], width: 'auto' };
  return [
    {
      columns: options.logo ? [logo, address] : [address],
      columnGap: 16,
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 1.5, lineColor: ACCENT }],
      margin: [0, 12, 0, 0],
    },
  ];
}

function titleBlock(report: ExtractReport, labels: ExtractPdfLabels): Content[] {
  const content: Content[] = [
    { text: report.title || labels.untitled, fontSize: 22, bold: true, color: ACCENT, margin: [0, 18, 0, 2] },
  ];
  if (report.subtitle)
    content.push({ text: report.subtitle, fontSize: 12.5, color: MUTED, margin: [0, 0, 0, 0] });
  const rows: TableCell[][] = [];
  const row = (label: string, value: TableCell) => rows.push([{ text: label, color: MUTED }, value]);
  if (report.studentName) row(labels.student, { text: report.studentName, bold: true });
  row(labels.trajectory, { text: report.trajectoryName });
  row(labels.date, { text: report.generatedDate });
  const { summary } = report;
  if (report.showAchieved && summary.competences > 0) {
    row(labels.achievedSummary, { text: achievedText(summary, labels, true) });
  }
  if (summary.average) row(labels.averageScore, scoreCell(summary.average, labels));
  content.push({
    table: { widths: [120, '*'], body: rows },
    layout: { ...plainLayout, fillColor: () => BAND, paddingTop: () => 5, paddingBottom: () => 5 },
    margin: [0, 16, 0, 6],
  });
  return content;
}

function topHeading(text: string, extra: Record<string, unknown> = {}): Content {
  return {
    text,
    fontSize: 16,
    bold: true,
    color: ACCENT,
    margin: [0, 18, 0, 4],
    headlineLevel: 1,
    ...extra,
  } as Content;
}

/** A stacked bar: the share of each score, unscored in grey; an empty outline when there is nothing. */
export function barCanvas(bar: ChartBar, width: number, height = 11): CanvasElement[] {
  if (bar.total === 0) {
    return [{ type: 'rect', x: 0, y: 0, w: width, h: height, color: EMPTY_BAR }];
  }
  const shapes: CanvasElement[] = [];
  let x = 0;
  const parts = [
    ...bar.segments.map((segment) => ({ count: segment.count, colour: segment.colour })),
    { count: bar.unrated, colour: '#b3bac4' },
  ];
  for (const part of parts) {
    if (part.count === 0) continue;
    const w = (part.count / bar.total) * width;
    shapes.push({ type: 'rect', x, y: 0, w, h: height, color: part.colour });
    x += w;
  }
  // Thin white gaps between segments keep neighbouring colours apart.
  let at = 0;
  for (const part of parts.slice(0, -1)) {
    if (part.count === 0) continue;
    at += (part.count / bar.total) * width;
    if (at < width - 0.5)
      shapes.push({ type: 'line', x1: at, y1: 0, x2: at, y2: height, lineWidth: 0.8, lineColor: '#ffffff' });
  }
  return shapes;
}

const NEW_BAR_WIDTH = 250;

function newChart(chart: NewChart, report: ExtractReport, labels: ExtractPdfLabels): Content[] {
  const body: TableCell[][] = [
    [
      { text: labels.cluster, bold: true, fontSize: 8, color: MUTED },
      { text: labels.score, bold: true, fontSize: 8, color: MUTED },
      { text: labels.averageScore, bold: true, fontSize: 8, color: MUTED },
    ],
  ];
  const barRow = (bar: ChartBar, name: string, bold: boolean): TableCell[] => [
    {
      stack: [
        { text: name, bold, fontSize: 9 },
        { text: labels.competenceCount(bar.total), fontSize: 7.5, color: MUTED },
      ],
    },
    { canvas: barCanvas(bar, NEW_BAR_WIDTH), margin: [0, 4, 0, 0] },
    bar.average ? scoreCell(bar.average, labels) : { text: '–', color: MUTED },
  ];
  for (const bar of chart.bars) {
    const name = bar.number === '' ? bar.name : `${bar.number}   ${bar.name}`;
    body.push(barRow(bar, name || labels.competence, false));
  }
  body.push(barRow(chart.total, labels.total, true));
  const keepWhole = chart.bars.every((bar) => estimatedHeight(bar.name, 110, 9) < KEEP_WHOLE_LIMIT);
  return [
    {
      table: {
        headerRows: 1,
        keepWithHeaderRows: keepWhole ? 1 : 0,
        dontBreakRows: keepWhole,
        widths: ['*', NEW_BAR_WIDTH, 92],
        body,
      },
      layout: {
        ...rowsLayout,
        hLineWidth: (row, node) =>
          row === node.table.body.length - 1
            ? 1
            : row === 0 || row === node.table.body.length
              ? 0
              : row === 1
                ? 0.8
                : 0.5,
        hLineColor: (row, node) =>
          row === node.table.body.length - 1 ? '#8a96a6' : row === 1 ? '#b8c2ce' : RULE,
      },
      margin: [0, 4, 0, 10],
    },
    legend(report, chart.total, labels),
  ];
}

const OLD_BAR_WIDTH = 150;

/** One bar per competence with faint steps of the scale behind it. */
export function competenceBar(
  fraction: number,
  colour: string,
  steps: number,
  width = OLD_BAR_WIDTH,
): CanvasElement[] {
  const height = 7;
  const shapes: CanvasElement[] = [{ type: 'rect', x: 0, y: 0, w: width, h: height, color: '#eef1f5' }];
  if (fraction > 0)
    shapes.push({ type: 'rect', x: 0, y: 0, w: Math.min(1, fraction) * width, h: height, color: colour });
  for (let step = 1; step < steps; step++) {
    const x = (step / steps) * width;
    shapes.push({ type: 'line', x1: x, y1: 0, x2: x, y2: height, lineWidth: 0.6, lineColor: '#ffffff' });
  }
  return shapes;
}

function oldChart(chart: OldChart, report: ExtractReport, labels: ExtractPdfLabels): Content[] {
  const steps = report.scale.length;
  // The legend comes first here: the bars run over several pages.
  const none = { number: '', name: '', segments: [], unrated: 0, total: 0, average: null } satisfies ChartBar;
  const content: Content[] = [legend(report, none, labels)];
  for (const group of chart.groups) {
    const title = clip(group.number === '' ? group.name : `${group.number}   ${group.name}`, 160);
    const body: TableCell[][] = [
      [
        {
          text: title || labels.competence,
          bold: true,
          colSpan: 4,
          color: ACCENT,
          fontSize: 10,
          margin: [-4, 0, 0, 1],
        },
        {},
        {},
        {},
      ],
    ];
    for (const row of group.rows) {
      body.push([
        { text: row.number, color: MUTED },
        { text: row.name },
        {
          canvas: competenceBar(row.fraction, row.score?.colour ?? '#b3bac4', steps),
          margin: [0, 1.5, 0, 0],
        },
        row.score ? { text: row.score.name } : { text: labels.notScored, italics: true, color: MUTED },
      ]);
    }
    if (group.rows.length === 0) {
      body.push([{ text: labels.noCompetences, italics: true, color: MUTED, colSpan: 4 }, {}, {}, {}]);
    }
    const keepWhole = group.rows.every((row) => estimatedHeight(row.name, 180, 8) < KEEP_WHOLE_LIMIT);
    content.push({
      table: {
        headerRows: 1,
        keepWithHeaderRows: keepWhole ? 1 : 0,
        dontBreakRows: keepWhole,
        widths: [34, '*', OLD_BAR_WIDTH, 70],
        body,
      },
      layout: {
        ...rowsLayout,
        paddingTop: () => 1.5,
        paddingBottom: () => 1.5,
      },
      fontSize: 8,
      lineHeight: 1.1,
      margin: [0, 6, 0, 4],
    });
  }
  return content;
}

/** The scale with its colours (and, for the new chart, how many competences have each score). */
function legend(report: ExtractReport, totals: ChartBar, labels: ExtractPdfLabels): Content {
  const counts = new Map(totals.segments.map((segment) => [segment.score, segment.count]));
  const entries: { colour: string; name: string; count: number | null }[] = report.scale.map((mark) => ({
    colour: mark.colour,
    name: mark.name,
    count: totals.total > 0 ? (counts.get(mark.score) ?? 0) : null,
  }));
  entries.push({
    colour: '#b3bac4',
    name: labels.notScored,
    count: totals.total > 0 ? totals.unrated : null,
  });
  const perRow = 3;
  const body: TableCell[][] = [];
  for (let index = 0; index < entries.length; index += perRow) {
    const row: TableCell[] = entries.slice(index, index + perRow).map((entry) => ({
      columns: [
        swatch(entry.colour, 9),
        {
          text: entry.count === null ? entry.name : `${entry.name} (${entry.count})`,
          fontSize: 8.5,
          width: '*',
        },
      ],
      columnGap: 0,
    }));
    while (row.length < perRow) row.push({ text: '' });
    body.push(row);
  }
  return {
    unbreakable: true,
    stack: [
      { text: labels.legend, bold: true, fontSize: 9, color: MUTED, margin: [0, 0, 0, 2] },
      { table: { widths: ['*', '*', '*'], body }, layout: plainLayout },
    ],
    margin: [0, 0, 0, 6],
  };
}

/**
 * The room the score overview's heading asks for (`keepHeadings`): heading, intro and the whole new
 * chart with its legend (a few bars), or the legend and the first group's first bars of the old one
 * (which may run over pages); never more than ROOM_CAP.
 */
export function chartRoom(report: ExtractReport): number {
  const { chart } = report;
  if (!chart) return DEFAULT_ROOM;
  const legendRows = Math.ceil((report.scale.length + 1) / 3);
  const legendHeight = 16 + legendRows * 16;
  let room = 64;
  if (chart.variant === 'new') {
    room += 24 + legendHeight + 14;
    for (const bar of [...chart.bars, chart.total]) room += estimatedHeight(bar.name, 110, 9) + 20;
  } else {
    room += legendHeight + 30 + 3 * 14;
  }
  return Math.min(Math.ceil(room), ROOM_CAP);
}

function chartContent(report: ExtractReport, labels: ExtractPdfLabels): Content[] {
  const { chart } = report;
  if (!chart) return [];
  return [
    // The overview follows the tables on the same page when it fits there whole (a forced page break
    // left the page before it mostly empty, issue 21); else its heading moves on with it.
    topHeading(labels.scoreOverview, { id: `keep-${chartRoom(report)}-score-overview` }),
    {
      text: chart.variant === 'new' ? labels.chartNewIntro : labels.chartOldIntro,
      color: MUTED,
      fontSize: 9,
      margin: [0, 0, 0, 4],
      headlineLevel: ATTACHED,
    } as Content,
    ...(chart.variant === 'new' ? newChart(chart, report, labels) : oldChart(chart, report, labels)),
  ];
}

function signatureBox(role: string, labels: ExtractPdfLabels): Column {
  const line = (label: string, gap: number): Content[] => [
    { text: label, fontSize: 8.5, color: MUTED, margin: [0, gap, 0, 0] },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.7, lineColor: '#7b8794' }],
      margin: [0, 16, 0, 0],
    },
  ];
  return {
    stack: [
      { text: role, bold: true, fontSize: 10.5, color: INK },
      ...line(labels.name, 8),
      ...line(labels.date, 10),
      { text: labels.signature, fontSize: 8.5, color: MUTED, margin: [0, 10, 0, 2] },
      { canvas: [{ type: 'rect', x: 0, y: 0, w: 220, h: 56, r: 3, lineWidth: 0.7, lineColor: '#7b8794' }] },
    ],
    width: '*',
  };
}

/** The signature lines for the class teacher and the parent or guardian, kept together on one page. */
function signatures(labels: ExtractPdfLabels): Content {
  return {
    unbreakable: true,
    stack: [
      topHeading(labels.signatures, { headlineLevel: undefined }),
      { text: labels.seen, fontSize: 9, color: MUTED, margin: [0, 0, 0, 10] },
      {
        columns: [signatureBox(labels.classTeacher, labels), signatureBox(labels.parent, labels)],
        columnGap: 40,
      },
    ],
  };
}

/**
 * The reports (verslagen, issue 31): under one heading, each report's name and type with its last
 * change, then its fields as label and value (a group as a sub-heading). Only what the maker may read
 * reaches here (model.ts, reports.ts).
 */
function reportsContent(report: ExtractReport, labels: ExtractPdfLabels): Content[] {
  if (report.reports.length === 0) return [];
  const content: Content[] = [topHeading(labels.reports, { id: 'keep-120-reports' })];
  for (const [index, entry] of report.reports.entries()) {
    content.push({
      text: entry.name,
      fontSize: 12,
      bold: true,
      color: INK,
      margin: [0, 10, 0, 1],
      headlineLevel: 2,
      id: `keep-90-report-${index}`,
    } as Content);
    content.push({
      text: labels.reportChanged(entry.blueprintName, entry.modified),
      fontSize: 8.5,
      color: MUTED,
      margin: [0, 0, 0, 4],
      headlineLevel: ATTACHED,
    } as Content);
    if (entry.lines.length === 0) {
      content.push({ text: labels.noValue, italics: true, color: MUTED, margin: [0, 0, 0, 4] });
      continue;
    }
    const rows = entry.lines.map((line): TableCell[] =>
      line.group
        ? [
            {
              text: line.label,
              bold: true,
              colSpan: 2,
              color: ACCENT,
              margin: [line.depth * 8, 4, 0, 0],
            },
            {},
          ]
        : [
            { text: line.label, color: MUTED, margin: [line.depth * 8, 0, 0, 0] },
            line.value === null
              ? { text: labels.noValue, color: MUTED }
              : {
                  text: typeof line.value === 'boolean' ? (line.value ? labels.yes : labels.no) : line.value,
                },
          ],
    );
    content.push({
      table: { widths: [150, '*'], body: rows },
      layout: {
        ...cellPadding,
        hLineWidth: (row, node) => (row === 0 || row === node.table.body.length ? 0 : 0.5),
        vLineWidth: () => 0,
        hLineColor: () => RULE,
      },
      margin: [0, 0, 0, 6],
    });
  }
  return content;
}

/** Room a heading asks for when it does not say (the score overview's and the report's own headings). */
const DEFAULT_ROOM = 150;

/**
 * Headings never end a page with nothing of their own under them: a heading moves to the next page
 * when less room is left below it than it asks for (`keep-<points>-…` in its id, see `roomBelow`), or
 * when only headings follow it on its page. (Positions of table rows that pdfmake moved together
 * with their header are not updated, so the room test is what catches a table that went on to the
 * next page whole.) Each move costs pdfmake one more layout pass, so headings ask for no more room
 * than they need.
 */
export function keepHeadings(node: Node, queries: NodeQueries): boolean {
  const level = node.headlineLevel;
  if (level === undefined || level >= ATTACHED) return false;
  const start = node.startPosition;
  const asked = /^keep-(\d+)-/.exec(node.id ?? '');
  const needed = asked ? Number(asked[1]) : DEFAULT_ROOM;
  const room = start.pageInnerHeight * (1 - start.verticalRatio);
  if (start.verticalRatio > 0 && room < needed) return true;
  // The running header and footer lie outside the content area: they are not content under the heading.
  const following = queries
    .getFollowingNodesOnPage()
    .filter((next) => next.startPosition.verticalRatio >= 0 && next.startPosition.verticalRatio <= 1);
  return following.every((next) => next.headlineLevel !== undefined);
}

function softCriteria(criteria: readonly CriterionLine[]): CriterionLine[] {
  return criteria.map((criterion) => ({
    code: softBreaks(criterion.code),
    name: softBreaks(criterion.name),
    criteria: softCriteria(criterion.criteria),
  }));
}

/** The report with a break chance in every overlong word of the texts users wrote (see `softBreaks`). */
export function softenReport(report: ExtractReport): ExtractReport {
  const mark = <T extends { name: string } | null>(value: T): T =>
    value === null ? value : { ...value, name: softBreaks(value.name) };
  const section = (value: ReportSection): ReportSection => ({
    ...value,
    name: softBreaks(value.name),
    items: value.items.map((item) =>
      item.kind === 'section'
        ? { kind: 'section', section: section(item.section) }
        : {
            kind: 'rows',
            rows: item.rows.map((row) => ({
              ...mark(row),
              criteria: softCriteria(row.criteria),
              score: mark(row.score),
              remarks: softBreaks(row.remarks),
            })),
          },
    ),
  });
  const bar = (value: ChartBar): ChartBar => ({
    ...mark(value),
    segments: value.segments.map(mark),
    average: mark(value.average),
  });
  const chart = report.chart;
  return {
    ...report,
    title: softBreaks(report.title),
    subtitle: softBreaks(report.subtitle),
    addressLines: report.addressLines.map(softBreaks),
    studentName: report.studentName === null ? null : softBreaks(report.studentName),
    trajectoryName: softBreaks(report.trajectoryName),
    scale: report.scale.map(mark),
    sections: report.sections.map(section),
    summary: { ...report.summary, average: mark(report.summary.average) },
    reports: report.reports.map((entry) => ({
      ...entry,
      name: softBreaks(entry.name),
      blueprintName: softBreaks(entry.blueprintName),
      lines: entry.lines.map((line) => ({
        ...line,
        label: softBreaks(line.label),
        value: typeof line.value === 'string' ? softBreaks(line.value) : line.value,
      })),
    })),
    chart:
      chart === null
        ? null
        : chart.variant === 'new'
          ? { ...chart, bars: chart.bars.map(bar), total: bar(chart.total) }
          : {
              ...chart,
              groups: chart.groups.map((group) => ({
                ...mark(group),
                rows: group.rows.map((row) => ({ ...mark(row), score: mark(row.score) })),
              })),
            },
  };
}

export function extractDocument(
  original: ExtractReport,
  labels: ExtractPdfLabels,
  options: DocumentOptions,
  language: 'nl' | 'en',
): TDocumentDefinitions {
  const report = softenReport(original);
  const title = report.title || labels.untitled;
  const running = clip(
    report.studentName ? `${report.studentName}  ·  ${report.trajectoryName}` : report.trajectoryName,
    48,
  );
  const body: Content[] = [
    ...letterhead(report, options),
    ...titleBlock(report, labels),
    topHeading(labels.progress),
  ];
  if (report.sections.length === 0) {
    body.push({ text: labels.noCompetences, italics: true, color: MUTED, margin: [0, 4, 0, 0] });
  }
  for (const section of report.sections) body.push(...sectionContent(section, report, labels));
  body.push(...chartContent(report, labels));
  body.push(...reportsContent(report, labels));
  body.push(signatures(labels));
  return {
    pageSize: 'A4',
    pageMargins: [SIDE, 64, SIDE, 58],
    language: language === 'en' ? 'en-GB' : 'nl-NL',
    // A PDF reader shows the report's title rather than the file name.
    displayTitle: true,
    info: {
      title: original.title || labels.untitled,
      subject: original.trajectoryName,
      creator: 'Groeipad',
      producer: 'Groeipad',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.2, color: INK },
    images: options.logo ? { logo: options.logo } : {},
    header: (page: number) =>
      page === 1
        ? null
        : {
            margin: [SIDE, 26, SIDE, 0],
            stack: [
              {
                columns: [
                  { text: clip(title, 48), fontSize: 8, bold: true, color: ACCENT, width: '*' },
                  { text: running, fontSize: 8, color: MUTED, alignment: 'right', width: '*' },
                ],
              },
              {
                canvas: [
                  { type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: RULE },
                ],
                margin: [0, 5, 0, 0],
              },
            ],
          },
    footer: (page: number, pages: number) => ({
      margin: [SIDE, 18, SIDE, 0],
      stack: [
        {
          canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: RULE }],
        },
        {
          columns: [
            { text: labels.generatedOn(report.generatedDate), fontSize: 8, color: MUTED, width: '*' },
            { text: labels.page(page, pages), fontSize: 8, color: MUTED, alignment: 'right', width: 'auto' },
          ],
          margin: [0, 5, 0, 0],
        },
      ],
    }),
    pageBreakBefore: keepHeadings,
    content: body,
  };
}
