import {
  BLUEPRINT_TYPES,
  type BlueprintType,
  type Competence,
  defaultAdminRole,
  EXTRACT_SCORE_COLOUR_COUNT,
  type Field,
  isExtractLogoAllowed,
  type JsonValue,
  zCompetenceListContent,
  zDashboardContent,
  zExtractBlueprintContent,
  zInformationContent,
  zReportBlueprintContent,
  zTrajectoryBlueprintContent,
} from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { type DocumentKind, registerKind } from '../../engine/kinds.ts';
import { badRequest } from '../../errors.ts';
import { sanitiseRichText } from '../../sanitise/rich-text.ts';

export const blueprintKindName = (type: BlueprintType) => `blueprint:${type}`;

/** The files a field tree references: option attachments, upload and image values (D19). */
export function fieldResources(fields: readonly Field[]): number[] {
  const ids: number[] = [];
  for (const field of fields) {
    if (field.type === 'group') ids.push(...fieldResources(field.children));
    if ((field.type === 'select' || field.type === 'multi_select') && field.options)
      for (const option of field.options) ids.push(...option.attachments);
    if (field.type === 'upload' && Array.isArray(field.value)) ids.push(...field.value);
    if (field.type === 'image' && typeof field.value === 'string') {
      try {
        const parsed: unknown = JSON.parse(field.value);
        if (Array.isArray(parsed)) ids.push(...parsed.filter((id): id is number => Number.isInteger(id)));
      } catch {
        // not a list of ids: nothing referenced
      }
    }
  }
  return ids;
}

/** Competence info is rich text: only the editor's own markup is kept. */
function sanitiseCompetences(competences: readonly Competence[]): Competence[] {
  return competences.map((competence) => ({
    ...competence,
    info: sanitiseRichText(competence.info ?? ''),
    subcompetences: sanitiseCompetences(competence.subcompetences ?? []),
  }));
}

function withCompetences(
  content: JsonValue,
  at: (c: Record<string, unknown>) => Record<string, unknown> | undefined,
) {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  const copy = structuredClone(content) as Record<string, unknown>;
  const holder = at(copy);
  if (holder && Array.isArray(holder.competences))
    holder.competences = sanitiseCompetences(holder.competences as Competence[]);
  return copy as JsonValue;
}

const fieldsOf = (content: JsonValue, key: string): Field[] =>
  ((content as Record<string, { fields?: Field[] }>)[key]?.fields ?? []) as Field[];

const GOLD: [number, number, number] = [212, 175, 55];

/** D32: the logo is a file of this organisation, .jpg or .png, at most 51,200 bytes. */
async function verifyExtractLogo(db: Db, organisationId: number, content: JsonValue): Promise<void> {
  const logo = (content as { logo?: unknown }).logo;
  if (typeof logo !== 'number') return;
  const file = await db
    .selectFrom('resources')
    .select(['media_type', 'size'])
    .where('id', '=', logo)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  const problem = !file
    ? 'invalidValue'
    : !['image/jpeg', 'image/png'].includes(file.media_type)
      ? 'unsupportedFileType'
      : file.size === null || !isExtractLogoAllowed(file.media_type, file.size)
        ? 'fileMaxSize'
        : null;
  if (problem) throw badRequest('invalidDocumentContent', [{ path: 'logo', key: problem }]);
}

/** The content kinds of the six blueprint types; each registered with the engine. */
export const BLUEPRINT_KINDS: Record<BlueprintType, DocumentKind> = {
  COMPETENCE_LIST: {
    name: blueprintKindName('COMPETENCE_LIST'),
    schema: zCompetenceListContent,
    empty: () => ({ competences: [] }),
    normalise: (content) => withCompetences(content, (c) => c),
  },
  INFORMATION: {
    name: blueprintKindName('INFORMATION'),
    schema: zInformationContent,
    empty: () => ({ fields: [] }),
    resources: (content) => fieldResources(((content as { fields?: Field[] }).fields ?? []) as Field[]),
  },
  REPORT: {
    name: blueprintKindName('REPORT'),
    schema: zReportBlueprintContent,
    empty: () => ({ fields: [] }),
    resources: (content) => fieldResources(((content as { fields?: Field[] }).fields ?? []) as Field[]),
  },
  DASHBOARD: {
    name: blueprintKindName('DASHBOARD'),
    schema: zDashboardContent,
    empty: () => ({ widgets: [] }),
  },
  EXTRACT: {
    name: blueprintKindName('EXTRACT'),
    schema: zExtractBlueprintContent,
    empty: () => ({
      level: 3,
      logo: null,
      title: '',
      subtitle: '',
      addressLine1: '',
      addressLine2: '',
      studentNamePath: '',
      showAchieved: true,
      showScoreChart: true,
      chartVariant: 'new',
      scoreColours: Array.from({ length: EXTRACT_SCORE_COLOUR_COUNT }, () => GOLD),
      pages: [],
    }),
    resources: (content) => {
      const logo = (content as { logo?: unknown }).logo;
      return typeof logo === 'number' ? [logo] : [];
    },
    verify: verifyExtractLogo,
  },
  TRAJECTORY: {
    name: blueprintKindName('TRAJECTORY'),
    schema: zTrajectoryBlueprintContent,
    // A new trajectory blueprint starts with the default new-admin role (spec part 2 §6).
    empty: () =>
      zTrajectoryBlueprintContent.parse({
        dashboard: {},
        information: {},
        competenceList: {},
        roles: [defaultAdminRole()],
      }) as JsonValue,
    normalise: (content) => withCompetences(content, (c) => c.competenceList as Record<string, unknown>),
    resources: (content) => [
      ...fieldResources(fieldsOf(content, 'information')),
      ...((content as { reportBlueprints?: { fields?: Field[] }[] }).reportBlueprints ?? []).flatMap((r) =>
        fieldResources(r.fields ?? []),
      ),
    ],
  },
};

for (const type of BLUEPRINT_TYPES) registerKind(BLUEPRINT_KINDS[type]);
