import {
  BLUEPRINT_TYPES,
  type BlueprintType,
  type Competence,
  defaultAdminRole,
  type Field,
  isExtractLogoAllowed,
  isJsonObject,
  type JsonValue,
  standardExtractSettings,
  type TrajectoryBlueprintContent,
  withLinkedReportRights,
  withoutNameDots,
  zCompetenceListContent,
  zDashboardContent,
  zExtractBlueprintContent,
  zInformationContent,
  zReportBlueprintContent,
  zTrajectoryBlueprintContent,
} from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { type DocumentKind, registerKind, untypedKind } from '../../engine/kinds.ts';
import { badRequest } from '../../errors.ts';
import { sanitiseRichText } from '../../sanitise/rich-text.ts';
import { verifyTrajectoryLinks } from './links.ts';

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

/**
 * Competence info is rich text: only the editor's own markup is kept. It runs before the schema, so what
 * is not of the shape (a competence that is no object, info that is no text) is left as it is, for the
 * schema to refuse (400 invalidDocumentContent, never a TypeError).
 */
function sanitiseCompetences(competences: readonly unknown[]): unknown[] {
  return competences.map((competence) => {
    if (!isJsonObject(competence)) return competence;
    const { info = '', subcompetences = [] } = competence as Partial<Competence>;
    return {
      ...competence,
      info: typeof info === 'string' ? sanitiseRichText(info) : info,
      subcompetences: Array.isArray(subcompetences) ? sanitiseCompetences(subcompetences) : subcompetences,
    };
  });
}

function withCompetences(
  content: JsonValue,
  at: (c: Record<string, unknown>) => Record<string, unknown> | undefined,
) {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  const copy = structuredClone(content) as Record<string, unknown>;
  const holder = at(copy);
  if (holder && Array.isArray(holder.competences))
    holder.competences = sanitiseCompetences(holder.competences);
  return copy as JsonValue;
}

/** `holder.fields` with dotless names (spec part 2 §5, D42); anything not shaped so is left to the schema. */
function fieldsWithoutNameDots(holder: unknown): unknown {
  if (!isJsonObject(holder) || !Array.isArray(holder.fields)) return holder;
  const fields = withoutNameDots(holder.fields);
  return fields === holder.fields ? holder : { ...holder, fields };
}

/** A trajectory blueprint's copied fields (its information and report blueprints) with dotless names. */
function trajectoryFieldsWithoutNameDots(content: JsonValue): JsonValue {
  if (!isJsonObject(content)) return content;
  const copy: Record<string, unknown> = { ...content };
  if ('information' in content) copy.information = fieldsWithoutNameDots(content.information);
  if (Array.isArray(content.reportBlueprints))
    copy.reportBlueprints = content.reportBlueprints.map(fieldsWithoutNameDots);
  return copy as JsonValue;
}

const _fieldsOf = (content: JsonValue, key: string): Field[] =>
  ((content as Record<string, { fields?: Field[] }>)[key]?.fields ?? []) as Field[];

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

/** The trajectory blueprint, its content typed: what trajectories are made from (D9). */
export const TRAJECTORY_BLUEPRINT_KIND: DocumentKind<TrajectoryBlueprintContent> = {
  name: blueprintKindName('TRAJECTORY'),
  schema: zTrajectoryBlueprintContent,
  // A new trajectory blueprint starts with the default new-admin role (spec part 2 §6).
  empty: () =>
    zTrajectoryBlueprintContent.parse({
      dashboard: {},
      information: {},
      competenceList: {},
      roles: [defaultAdminRole()],
    }),
  normalise: (content) =>
    withCompetences(
      trajectoryFieldsWithoutNameDots(content),
      (c) => c.competenceList as Record<string, unknown>,
    ),
  // Spec part 1/2 §6: a report blueprint linked later gives the default admin role its rights too.
  settle: (content, before) => {
    const known = new Set((before.reportBlueprints ?? []).map((report) => report.name)); // older versions: none
    const added = content.reportBlueprints.map((report) => report.name).filter((name) => !known.has(name));
    return added.length === 0 ? content : { ...content, roles: withLinkedReportRights(content.roles, added) };
  },
  resources: (content) => [
    ...fieldResources(content.information.fields),
    ...content.reportBlueprints.flatMap((report) => fieldResources(report.fields ?? [])),
  ],
  // D42: links only to blueprints of its own organisation.
  verify: verifyTrajectoryLinks,
};

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
    normalise: (content) => fieldsWithoutNameDots(content) as JsonValue,
    resources: (content) => fieldResources(((content as { fields?: Field[] }).fields ?? []) as Field[]),
  },
  REPORT: {
    name: blueprintKindName('REPORT'),
    schema: zReportBlueprintContent,
    empty: () => ({ fields: [] }),
    normalise: (content) => fieldsWithoutNameDots(content) as JsonValue,
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
    // The built-in standard (issue 31) with no title yet; D50: ten distinct colours, and a new blueprint made
    // through the API takes its scale's (service.ts).
    empty: () => standardExtractSettings('') as JsonValue,
    resources: (content) => {
      const logo = (content as { logo?: unknown }).logo;
      return typeof logo === 'number' ? [logo] : [];
    },
    verify: verifyExtractLogo,
  },
  TRAJECTORY: untypedKind(TRAJECTORY_BLUEPRINT_KIND),
};

for (const type of BLUEPRINT_TYPES) registerKind(BLUEPRINT_KINDS[type]);
