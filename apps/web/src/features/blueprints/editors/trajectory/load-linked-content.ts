import {
  BLUEPRINT_TYPE_PATHS,
  blueprintEndpoints,
  type Field,
  zCompetenceListContent,
  zDashboardContent,
  zInformationContent,
  zReportBlueprintContent,
} from '@groeipad/core';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { LINKED_TYPES, type LinkedContent, type LinkedPart } from './links';

const SCHEMAS = {
  dashboard: zDashboardContent,
  information: zInformationContent,
  competenceList: zCompetenceListContent,
} as const;

/**
 * The current content of a blueprint to copy into a trajectory blueprint, with its version (from the
 * ETag, D29). The content is checked with the part's own schema, so a copy is what the server stores.
 */
export async function loadLinkedContent<P extends LinkedPart>(
  part: P,
  id: number,
  fallbackVersion: number,
): Promise<{ version: number; content: LinkedContent[P] }> {
  const result = await callEndpoint(blueprintEndpoints.content, {
    params: { type: BLUEPRINT_TYPE_PATHS[LINKED_TYPES[part]], id },
  });
  const content = SCHEMAS[part].parse(result.data) as LinkedContent[P];
  return { version: result.version ?? fallbackVersion, content };
}

/** The current fields of a report blueprint and their version. */
export async function loadReportFields(
  id: number,
  fallbackVersion: number,
): Promise<{ version: number; fields: Field[] }> {
  const result = await callEndpoint(blueprintEndpoints.content, {
    params: { type: BLUEPRINT_TYPE_PATHS.REPORT, id },
  });
  return {
    version: result.version ?? fallbackVersion,
    fields: zReportBlueprintContent.parse(result.data).fields,
  };
}
