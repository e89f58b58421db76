import {
  type CompetenceProperties,
  type Criterion,
  codedName,
  countedEvaluation,
  criteriaScoreOverview,
  DEFAULT_BUSINESS_TIME_ZONE,
  type Evaluation,
  type EvaluationCriterion,
  type ExtractBlueprintContent,
  type FormContent,
  isDisplayDate,
  listCompetences,
  type Rgb,
  type ScoreOverview,
  scoreValue,
  sectionNumbers,
  showDate,
  UNRATED_COLOUR,
} from '@groeipad/core';
import { type ReportEntry, type ReportInput, reportEntries } from './reports.ts';
import { resolveStudentName } from './student-name.ts';

/**
 * What goes on the pages of an extract (spec part 2 §2, §9; D36), decided here without pdfmake so
 * it can be tested on its own: the numbering 1 / 1.1 / 1.1.1, which competences are achieved, the
 * score of each with its colour, and the data of the score chart. `document.ts` lays this out.
 *
 * Everything comes from the caller, already cut down to what the requesting user may read: the
 * renderer never reads the database.
 */

/** The extract blueprint settings the PDF uses (D36); `pages` is not read: the server derives the layout. */
export type ExtractSettings = Pick<
  ExtractBlueprintContent,
  | 'level'
  | 'title'
  | 'subtitle'
  | 'addressLine1'
  | 'addressLine2'
  | 'studentNamePath'
  | 'showAchieved'
  | 'showScoreChart'
  | 'showRemarks'
  | 'chartVariant'
  | 'scoreColours'
> &
  Partial<Pick<ExtractBlueprintContent, 'includeReports'>>;

/** The evaluation as the requesting user may read it: the tree and the score scale (D6). */
export type EvaluationView = Pick<
  Evaluation,
  'criteria' | 'minScore' | 'maxScore' | 'scoreNames' | 'scoreColours'
> &
  Partial<Pick<Evaluation, 'scoreInfo' | 'scoreRule'>>;

export interface ModelInput {
  settings: ExtractSettings;
  trajectory: { name: string };
  /** The student's name when the caller resolved it; otherwise it is read from `form` at `studentNamePath`. */
  studentName?: string | null;
  /** The information form as the requesting user may read it (fields and values, D33). */
  form?: FormContent | null;
  evaluation: EvaluationView;
  /** The trajectory's reports as the requesting user may read them (issue 31); drawn when `includeReports`. */
  reports?: readonly ReportInput[];
  /** When the extract is made; its calendar day (D4) is printed as dd/MM/yyyy. */
  generated: Date;
  timeZone?: string;
}

/** A score with its name and colour (#rrggbb). */
export interface ScoreMark {
  score: number;
  name: string;
  colour: string;
}

/** A criterion under a competence (D56): its code ('' without one), its text and its own criteria. */
export interface CriterionLine {
  code: string;
  name: string;
  criteria: CriterionLine[];
}

export interface CompetenceRow {
  uuid: string;
  /** 1.1.1 */
  number: string;
  /** Drawn before the name (D56); '' without one. */
  code: string;
  name: string;
  /** Drawn under the name as an indented list (D56); empty without criteria. */
  criteria: CriterionLine[];
  /** Rich text (the editor's markup); only on level 4 (D36), '' on level 3. */
  description: string;
  /** null: not scored (empty, 0 or outside the scale). */
  score: ScoreMark | null;
  /** true / false as recorded; null when nothing was recorded. */
  achieved: boolean | null;
  /** The date of the latest entry, dd/MM/yyyy, or ''. */
  date: string;
  /** The latest entry's remarks, trimmed; '' when it has none or the blueprint leaves them out (showRemarks). */
  remarks: string;
}

export type SectionItem =
  | { kind: 'rows'; rows: CompetenceRow[] }
  | { kind: 'section'; section: ReportSection };

export interface ReportSection {
  uuid: string;
  /** 1 or 1.1; '' for competences outside any cluster (not made by the editors, D3, but drawn all the same). */
  number: string;
  name: string;
  /** 0 cluster, 1 sub-cluster, deeper only in data older than D3. */
  depth: number;
  /** Competence rows and sub-sections in the tree's order. */
  items: SectionItem[];
  competences: number;
  achieved: number;
  /** Competences whose latest entry says achieved yes or no: 0 means nothing was marked at all. */
  marked: number;
}

export interface ChartBar {
  number: string;
  name: string;
  /** One segment per score of the scale, lowest first (count 0 included; the drawing skips them). */
  segments: { score: number; name: string; colour: string; count: number }[];
  unrated: number;
  total: number;
  average: ScoreMark | null;
}

export interface NewChart {
  variant: 'new';
  /** One bar per cluster: how its competences are spread over the scores. */
  bars: ChartBar[];
  total: ChartBar;
}

export interface OldChartRow {
  number: string;
  name: string;
  score: ScoreMark | null;
  /** Bar length 0..1: the score's place on the scale (the lowest score gets one step). */
  fraction: number;
}

export interface OldChart {
  variant: 'old';
  /** One group per cluster: a bar per competence. */
  groups: { number: string; name: string; rows: OldChartRow[] }[];
}

export interface ExtractReport {
  level: 3 | 4;
  title: string;
  subtitle: string;
  addressLines: string[];
  studentName: string | null;
  trajectoryName: string;
  generatedDate: string;
  showAchieved: boolean;
  /** The scale, lowest score first, with the extract's colours. */
  scale: (ScoreMark & { description: string })[];
  sections: ReportSection[];
  summary: {
    competences: number;
    achieved: number;
    /** Competences marked achieved yes or no (0: nothing was marked, so 0 achieved says nothing). */
    marked: number;
    scored: number;
    average: ScoreMark | null;
  };
  chart: NewChart | OldChart | null;
  /** The reports (verslagen) after the score overview; empty when the blueprint leaves them out. */
  reports: ReportEntry[];
}

const HEX = (value: number) => value.toString(16).padStart(2, '0');

export function rgbToHex([red, green, blue]: Rgb): string {
  return `#${HEX(red)}${HEX(green)}${HEX(blue)}`;
}

/**
 * The colour of a score: the extract's ten colours stand for scores 1 to 10 (the editor labels them
 * so); a score outside that takes the evaluation's own colour, else grey.
 */
export function scoreColour(
  score: number,
  settings: Pick<ExtractSettings, 'scoreColours'>,
  evaluation: EvaluationView,
) {
  const own = settings.scoreColours[score - 1];
  if (own) return rgbToHex(own);
  const fallback = evaluation.scoreColours[score - evaluation.minScore];
  return fallback && /^#[0-9a-f]{6}$/i.test(fallback) ? fallback.toLowerCase() : UNRATED_COLOUR;
}

/** The scale as drawn: minScore..maxScore without 0 (0 means not scored). */
export function scaleMarks(settings: Pick<ExtractSettings, 'scoreColours'>, evaluation: EvaluationView) {
  const marks: (ScoreMark & { description: string })[] = [];
  for (let score = evaluation.minScore; score <= evaluation.maxScore; score++) {
    if (score === 0) continue;
    const index = score - evaluation.minScore;
    marks.push({
      score,
      name: evaluation.scoreNames[index]?.trim() || String(score),
      colour: scoreColour(score, settings, evaluation),
      description: evaluation.scoreInfo?.[index] ?? '',
    });
  }
  return marks;
}

function markOf(score: number | null, scale: readonly ScoreMark[]): ScoreMark | null {
  if (score === null) return null;
  const mark = scale.find((entry) => entry.score === score);
  return mark ? { score: mark.score, name: mark.name, colour: mark.colour } : null;
}

/** Achieved as recorded in the latest entry: 'true' / 'false'; anything else is not recorded. */
export function achievedOf(properties: CompetenceProperties | null | undefined): boolean | null {
  if (properties?.achieved === 'true') return true;
  if (properties?.achieved === 'false') return false;
  return null;
}

/** How much of each competence a row shows: the level (D36) and whether remarks are shown. */
interface RowOptions {
  level: 3 | 4;
  remarks: boolean;
}

/**
 * The latest remarks of a competence: those of its newest dated entry. An edit carries the values it
 * does not change forward (`editCompetence`), so a remark cleared in the newest entry was taken back and
 * is not printed.
 */
export function latestRemarks(properties: CompetenceProperties | null | undefined): string {
  return (properties?.remarks ?? '').replace(/\r\n?/g, '\n').trim();
}

function criterionLines(criteria: readonly EvaluationCriterion[] | undefined): CriterionLine[] {
  return (criteria ?? []).map((criterion) => ({
    code: criterion.code ?? '',
    name: criterion.name,
    criteria: criterionLines(criterion.criteria),
  }));
}

function competenceRow(
  competence: Extract<Criterion, { type: 'competence' }>,
  number: string,
  options: RowOptions,
  scale: readonly ScoreMark[],
): CompetenceRow {
  const latest = competence.latestProperties;
  const date = latest?.date?.trim() ?? '';
  return {
    uuid: competence.uuid,
    number,
    code: competence.code ?? '',
    name: competence.name,
    criteria: criterionLines(competence.criteria),
    description: options.level === 4 ? competence.info : '',
    score: markOf(scoreValue(latest), scale),
    achieved: achievedOf(latest),
    date: isDisplayDate(date) ? date : '',
    remarks: options.remarks ? latestRemarks(latest) : '',
  };
}

const markedCount = (competences: readonly { latestProperties: CompetenceProperties | null }[]) =>
  competences.filter((competence) => achievedOf(competence.latestProperties) !== null).length;

/** Items of a list of criteria: consecutive competences form one block of rows. */
function sectionItems(
  criteria: readonly Criterion[],
  depth: number,
  numbers: ReadonlyMap<string, string>,
  options: RowOptions,
  scale: readonly ScoreMark[],
): SectionItem[] {
  const items: SectionItem[] = [];
  for (const criterion of criteria) {
    const number = numbers.get(criterion.uuid) ?? '';
    if (criterion.type === 'competence') {
      const row = competenceRow(criterion, number, options, scale);
      const previous = items.at(-1);
      if (previous?.kind === 'rows') previous.rows.push(row);
      else items.push({ kind: 'rows', rows: [row] });
    } else {
      items.push({ kind: 'section', section: section(criterion, depth, numbers, options, scale) });
    }
  }
  return items;
}

function section(
  cluster: Extract<Criterion, { type: 'cluster' }>,
  depth: number,
  numbers: ReadonlyMap<string, string>,
  options: RowOptions,
  scale: readonly ScoreMark[],
): ReportSection {
  const items = sectionItems(cluster.subsections, depth + 1, numbers, options, scale);
  const all = listCompetences(cluster.subsections);
  return {
    uuid: cluster.uuid,
    number: numbers.get(cluster.uuid) ?? '',
    name: codedName(cluster),
    depth,
    items,
    competences: all.length,
    achieved: all.filter(({ competence }) => achievedOf(competence.latestProperties) === true).length,
    marked: markedCount(all.map(({ competence }) => competence)),
  };
}

/** The numbered sections: every cluster is one; competences outside clusters gather in unnamed ones. */
export function reportSections(
  criteria: readonly Criterion[],
  level: 3 | 4,
  scale: readonly ScoreMark[],
  remarks = false,
): ReportSection[] {
  const numbers = sectionNumbers(criteria);
  return sectionItems(criteria, 0, numbers, { level, remarks }, scale).map((item) => {
    if (item.kind === 'section') return item.section;
    return {
      uuid: item.rows[0]?.uuid ?? '',
      number: '',
      name: '',
      depth: 0,
      items: [item],
      competences: item.rows.length,
      achieved: item.rows.filter((row) => row.achieved === true).length,
      marked: item.rows.filter((row) => row.achieved !== null).length,
    };
  });
}

function chartBar(
  number: string,
  name: string,
  overview: ScoreOverview,
  scale: readonly ScoreMark[],
): ChartBar {
  return {
    number,
    name,
    segments: overview.scores.map((entry) => ({
      score: entry.score,
      name: markOf(entry.score, scale)?.name ?? entry.name,
      colour: markOf(entry.score, scale)?.colour ?? entry.colour,
      count: entry.count,
    })),
    unrated: overview.unrated.count,
    total: overview.total,
    average: markOf(overview.average, scale),
  };
}

/**
 * The score chart. The spec names a new and an old variant without drawing them; decided here:
 * `new` is one stacked bar per cluster (the share of its competences at each score, unscored in
 * grey) with a total bar; `old` is one bar per competence, as long as its score is high, grouped
 * by cluster. Both use the extract's ten score colours.
 */
export function scoreChart(
  criteria: readonly Criterion[],
  variant: 'new' | 'old',
  evaluation: EvaluationView,
  scale: readonly ScoreMark[],
): NewChart | OldChart {
  const numbers = sectionNumbers(criteria);
  // Competences outside any cluster are drawn as one group of their own.
  const groups: { number: string; name: string; criteria: Criterion[] }[] = [];
  for (const criterion of criteria) {
    if (criterion.type === 'cluster') {
      groups.push({
        number: numbers.get(criterion.uuid) ?? '',
        name: codedName(criterion),
        criteria: criterion.subsections,
      });
    } else {
      const previous = groups.at(-1);
      if (previous && previous.number === '' && previous.name === '') previous.criteria.push(criterion);
      else groups.push({ number: '', name: '', criteria: [criterion] });
    }
  }
  if (variant === 'new') {
    return {
      variant,
      bars: groups.map((group) =>
        chartBar(group.number, group.name, criteriaScoreOverview(group.criteria, evaluation), scale),
      ),
      total: chartBar('', '', criteriaScoreOverview(criteria, evaluation), scale),
    };
  }
  const steps = scale.length;
  return {
    variant,
    groups: groups.map((group) => ({
      number: group.number,
      name: group.name,
      rows: listCompetences(group.criteria).map(({ competence }) => {
        const score = markOf(scoreValue(competence.latestProperties), scale);
        const place = score ? scale.findIndex((entry) => entry.score === score.score) + 1 : 0;
        return {
          number: numbers.get(competence.uuid) ?? '',
          name: codedName(competence),
          score,
          fraction: steps === 0 ? 0 : place / steps,
        };
      }),
    })),
  };
}

/**
 * Everything the PDF shows, decided from the input. Each competence shows (and counts in the chart and the
 * summary) with the entry its evaluation's score rule counts (issue 23, core countedEvaluation).
 */
export function extractReport(input: ModelInput): ExtractReport {
  const { settings } = input;
  const evaluation = countedEvaluation(input.evaluation);
  const scale = scaleMarks(settings, evaluation);
  const overview = criteriaScoreOverview(evaluation.criteria, evaluation);
  const all = listCompetences(evaluation.criteria);
  const studentName =
    input.studentName?.trim() ||
    resolveStudentName(input.form, settings.studentNamePath, input.generated) ||
    null;
  return {
    level: settings.level,
    title: settings.title.trim(),
    subtitle: settings.subtitle.trim(),
    addressLines: [settings.addressLine1, settings.addressLine2].map((line) => line.trim()).filter(Boolean),
    studentName,
    trajectoryName: input.trajectory.name,
    generatedDate: showDate(input.generated, input.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE),
    showAchieved: settings.showAchieved,
    scale,
    sections: reportSections(evaluation.criteria, settings.level, scale, settings.showRemarks),
    summary: {
      competences: all.length,
      achieved: all.filter(({ competence }) => achievedOf(competence.latestProperties) === true).length,
      marked: markedCount(all.map(({ competence }) => competence)),
      scored: overview.total - overview.unrated.count,
      average: markOf(overview.average, scale),
    },
    // Without competences there is nothing to chart.
    chart:
      settings.showScoreChart && all.length > 0
        ? scoreChart(evaluation.criteria, settings.chartVariant, evaluation, scale)
        : null,
    reports:
      settings.includeReports === true
        ? reportEntries(input.reports ?? [], input.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE)
        : [],
  };
}
