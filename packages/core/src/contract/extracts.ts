import { z } from 'zod';
import { emailListProblem, normaliseEmail } from '../account/email.ts';
import { NAME_MAX, zBodyId, zRequiredText } from './common.ts';

export const EXTRACT_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type ExtractStatus = (typeof EXTRACT_STATUSES)[number];
export const zExtractStatus = z.enum(EXTRACT_STATUSES);
/** ACTIVE or ARCHIVED in any letter case, as the trajectory statuses (D30). */
export const zExtractStatusInput = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(EXTRACT_STATUSES, { error: 'required' }),
);

/** Where the making of an extract's PDF stands (D37): queued, being made, ready to download, failed. */
export const EXTRACT_STATES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type ExtractState = (typeof EXTRACT_STATES)[number];
export const zExtractState = z.enum(EXTRACT_STATES);

/** POST /api/extracts (202): name and blueprint both required. */
export const zCreateExtract = z.object({
  name: zRequiredText(NAME_MAX),
  extract: zBodyId,
  trajectories: z.array(zBodyId).min(1, { error: 'required' }).max(10_000),
});
export type CreateExtract = z.input<typeof zCreateExtract>;

export const zExtract = z.object({
  id: z.number().int(),
  name: z.string(),
  trajectoryId: z.number().int(),
  trajectoryName: z.string(),
  created: z.string(),
  status: zExtractStatus,
});
export type ExtractDocument = z.infer<typeof zExtract>;

/** The downloaded PDF is named title-trajectoryName. */
export function extractFileName(extract: Pick<ExtractDocument, 'name' | 'trajectoryName'>): string {
  return `${extract.name}-${extract.trajectoryName}.pdf`;
}

/**
 * Share e-mails: trimmed, lower-cased, valid and not duplicated. Returns the normalised list,
 * or the first problem.
 */
export function normaliseShareEmails(
  emails: readonly string[],
): { ok: true; emails: string[] } | { ok: false; key: 'invalidEmail' | 'duplicate'; email: string } {
  const seen = new Set<string>();
  for (const raw of emails) {
    const problem = emailListProblem(raw, seen);
    if (problem === 'invalidEmail') return { ok: false, key: problem, email: raw };
    const email = normaliseEmail(raw);
    if (problem === 'duplicate') return { ok: false, key: problem, email };
    seen.add(email);
  }
  return { ok: true, emails: [...seen] };
}

/**
 * POST /api/extracts/{id}/users: the e-mails to share with, trimmed and lower-cased; an invalid one
 * refuses the list (invalidEmail), duplicates are dropped (D37). The share dialog refuses a duplicate
 * as it is typed (normaliseShareEmails), so the user sees it at once.
 */
export const zShareExtract = z
  .array(z.string().max(320, { error: 'tooLong' }))
  .max(1000, { error: 'tooLong' })
  .transform((emails, context) => {
    const unique = [...new Set(emails.map(normaliseEmail))];
    const result = normaliseShareEmails(unique);
    if (result.ok) return result.emails;
    context.addIssue({ code: 'custom', message: result.key, input: result.email });
    return z.NEVER;
  });

/** GET /api/extracts/{id}/users: the e-mails the extract is shared with. */
export const zExtractUsers = z.array(z.string());

/** Extract blueprint levels: 3 or 4 (each replaces the whole page template). */
export const EXTRACT_LEVELS = [3, 4] as const;
export type ExtractLevel = (typeof EXTRACT_LEVELS)[number];
/** Extract logos: .jpg or .png, at most 50 kB. */
export const EXTRACT_LOGO_MAX_BYTES = 50 * 1024;
export const EXTRACT_LOGO_MAX_LABEL = '50kb';
export const EXTRACT_LOGO_ACCEPT = '.jpg,.jpeg,.png';
export const EXTRACT_SCORE_COLOUR_COUNT = 10;

export function isExtractLogoAllowed(mediaType: string, bytes: number): boolean {
  return ['image/jpeg', 'image/png'].includes(mediaType) && bytes >= 0 && bytes <= EXTRACT_LOGO_MAX_BYTES;
}

const zChannel = z.number().int().min(0).max(255);
export const zRgb = z.tuple([zChannel, zChannel, zChannel]);
export type Rgb = z.infer<typeof zRgb>;

/** PDF template blocks; their inner layout is kept open (text, image, row, shape, chart, composite). */
export const EXTRACT_BLOCK_TYPES = ['text', 'image', 'row', 'shape', 'chart', 'composite'] as const;
export const zExtractBlock = z.looseObject({ type: z.enum(EXTRACT_BLOCK_TYPES) });
export const zExtractPage = z.looseObject({ blocks: z.array(zExtractBlock).default([]) });

const zLine = z.string().max(NAME_MAX, { error: 'tooLong' }).default('');

/** The content of an extract blueprint. Saving needs a level (missingRequiredField). */
export const zExtractBlueprintContent = z.object({
  level: z.union([z.literal(3), z.literal(4)], { error: 'missingRequiredField' }),
  logo: zBodyId.nullable().default(null),
  title: zLine,
  subtitle: zLine,
  addressLine1: zLine,
  addressLine2: zLine,
  /** The path of the information field holding the student's name. */
  studentNamePath: zLine,
  showAchieved: z.boolean().default(false),
  showScoreChart: z.boolean().default(false),
  /**
   * Each competence's latest remarks under its row (issue 21). On by default: a blueprint stored before
   * the setting existed reads as on.
   */
  showRemarks: z.boolean().default(true),
  /**
   * The trajectory's reports (verslagen) after the competences, each as its reader may read it (issue 31).
   * On by default: a blueprint stored before the setting existed reads as on, as does the built-in
   * standard (STANDARD_EXTRACT_SETTINGS).
   */
  includeReports: z.boolean().default(true),
  chartVariant: z.enum(['new', 'old']).default('new'),
  scoreColours: z.array(zRgb).length(EXTRACT_SCORE_COLOUR_COUNT, { error: 'invalidValue' }),
  pages: z.array(zExtractPage).default([]),
});
export type ExtractBlueprintContent = z.infer<typeof zExtractBlueprintContent>;

/**
 * Ten distinct colours for scores without a colour of their own in the scale (D50): red to green over
 * the first five, then blue, purple, teal, brown and slate.
 */
export const DISTINCT_SCORE_COLOURS: readonly Rgb[] = [
  [224, 49, 49],
  [247, 103, 7],
  [250, 176, 5],
  [116, 184, 22],
  [47, 158, 68],
  [25, 113, 194],
  [132, 94, 247],
  [12, 166, 120],
  [156, 96, 52],
  [73, 80, 87],
];

/** Further candidates where a scale's own colours lie close to some of the ten: pink, light cyan, near-black. */
const SPARE_SCORE_COLOURS: readonly Rgb[] = [
  [230, 73, 128],
  [102, 217, 232],
  [33, 37, 41],
];

/** RGB distance under which two score colours count as alike. */
export const DISTINCT_COLOUR_DISTANCE = 60;

const hexRgb = (colour: string): Rgb | null => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/i.exec(colour.trim());
  if (!match) return null;
  const channel = (group: string | undefined) => Number.parseInt(group ?? '0', 16);
  return [channel(match[1]), channel(match[2]), channel(match[3])];
};

/**
 * The ten colours a new extract blueprint starts with (D50): the score scale's own colours (`#rrggbb`,
 * scores 1, 2, … in order) where it has them, the rest from `DISTINCT_SCORE_COLOURS`. A colour that is
 * missing, not `#rrggbb`, or the same as an earlier one gives way to the next distinct colour not yet
 * used and far enough from those taken (DISTINCT_COLOUR_DISTANCE), so no two scores look alike.
 */
export function extractColoursFromScale(scale: readonly string[]): Rgb[] {
  const colours: Rgb[] = [];
  const same = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  // How far a colour is from the nearest one taken (RGB distance; under ~60 two swatches look alike).
  const apart = (candidate: Rgb) =>
    Math.min(
      Number.POSITIVE_INFINITY,
      ...colours.map((taken) =>
        Math.hypot(candidate[0] - taken[0], candidate[1] - taken[1], candidate[2] - taken[2]),
      ),
    );
  for (let index = 0; index < EXTRACT_SCORE_COLOUR_COUNT; index++) {
    const own = index < scale.length ? hexRgb(scale[index] ?? '') : null;
    if (own && !colours.some((taken) => same(taken, own))) {
      colours.push(own);
      continue;
    }
    // The first distinct colour far enough from those taken, else the farthest one.
    const free = [...DISTINCT_SCORE_COLOURS, ...SPARE_SCORE_COLOURS].filter(
      (candidate) => !colours.some((taken) => same(taken, candidate)),
    );
    const pick =
      free.find((candidate) => apart(candidate) >= DISTINCT_COLOUR_DISTANCE) ??
      free.reduce((best, candidate) => (apart(candidate) > apart(best) ? candidate : best));
    colours.push([pick[0], pick[1], pick[2]]);
  }
  return colours;
}

/** GET /api/blueprints/extracts: the choices of the create-extract dialog. */
export const zExtractBlueprintEntry = z.object({ id: z.number().int(), name: z.string() });

/**
 * The built-in standard extract blueprint (issue 31): what "Voortgangsrapport maken" uses in an
 * organisation that has no extract blueprint the user may read and no default chosen, so a new
 * organisation makes a progress report in one click on its first day. Level 3, achieved, the score
 * chart, remarks and the reports; the title is the progress report's name in the maker's language, the
 * colours the trajectory's own scale's (the server fills them when it draws, D50).
 */
export function standardExtractSettings(title: string): ExtractBlueprintContent {
  return {
    level: 3,
    logo: null,
    title,
    subtitle: '',
    addressLine1: '',
    addressLine2: '',
    studentNamePath: '',
    showAchieved: true,
    showScoreChart: true,
    showRemarks: true,
    includeReports: true,
    chartVariant: 'new',
    scoreColours: extractColoursFromScale([]),
    pages: [],
  };
}
