import { authEndpoints } from './auth.ts';
import { blueprintEndpoints, libraryEndpoints, liveBlueprintEndpoints } from './blueprints.ts';
import { cohortEndpoints } from './cohort.ts';
import { creditDocumentEndpoints, creditEndpoints } from './credits.ts';
import type { Endpoint } from './define.ts';
import { evaluationEndpoints } from './evaluations.ts';
import { extractEndpoints } from './extracts.ts';
import { caseProviderEndpoints, frameworkEndpoints } from './frameworks.ts';
import { healthEndpoints } from './health.ts';
import { historyEndpoints } from './history.ts';
import { memberEndpoints } from './members.ts';
import { mentorEndpoints, mentorLinkEndpoints } from './mentor-links.ts';
import { notificationEndpoints } from './notifications.ts';
import { organisationEndpoints } from './organisations.ts';
import { progressEndpoints } from './progress.ts';
import { reportEndpoints } from './reports.ts';
import { resourceEndpoints } from './resources.ts';
import { trajectoryEndpoints } from './trajectories.ts';
import { trajectoryImportEndpoints } from './trajectory-import.ts';
import { trajectoryUpdateEndpoints } from './trajectory-updates.ts';
import { trashEndpoints } from './trash.ts';
import { userEndpoints } from './users.ts';

/**
 * Every contract of the API by area (DESIGN point 7). A new group goes here: the contract rules
 * (endpoints.test.ts) and the server's check that every route it registers has a contract
 * (apps/server/src/plugins/endpoint.test.ts) run over these.
 */
export const endpointGroups = {
  auth: authEndpoints,
  users: userEndpoints,
  organisations: organisationEndpoints,
  members: memberEndpoints,
  health: healthEndpoints,
  blueprints: blueprintEndpoints,
  liveBlueprints: liveBlueprintEndpoints,
  library: libraryEndpoints,
  frameworks: frameworkEndpoints,
  caseProvider: caseProviderEndpoints,
  resources: resourceEndpoints,
  trajectories: trajectoryEndpoints,
  progress: progressEndpoints,
  trajectoryImport: trajectoryImportEndpoints,
  cohort: cohortEndpoints,
  trajectoryUpdates: trajectoryUpdateEndpoints,
  mentorLinks: mentorLinkEndpoints,
  mentor: mentorEndpoints,
  evaluations: evaluationEndpoints,
  reports: reportEndpoints,
  history: historyEndpoints,
  extracts: extractEndpoints,
  trash: trashEndpoints,
  notifications: notificationEndpoints,
  credits: creditEndpoints,
  creditDocuments: creditDocumentEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every contract as `[group.name, endpoint]`. */
export function allEndpoints(): [string, Endpoint][] {
  return Object.entries(endpointGroups).flatMap(([group, contracts]) =>
    Object.entries(contracts).map(([name, endpoint]): [string, Endpoint] => [`${group}.${name}`, endpoint]),
  );
}

/**
 * The OpenAPI `operationId` of the contract `name` in `group`: the two joined in camel case, so it is
 * unique as long as the names are and changes only when a contract is renamed (`trajectories.list` →
 * `trajectoriesList`). Keys in capitals, the per-type blueprint lists, become words
 * (`liveBlueprints.COMPETENCE_LIST` → `liveBlueprintsCompetenceList`).
 */
export function operationIdFor(group: string, name: string): string {
  const words = /^[A-Z][A-Z0-9_]*$/.test(name) ? name.toLowerCase().split('_') : [name];
  return group + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

let operationIds: Map<Endpoint, string> | undefined;

/**
 * The `operationId` of a contract of `endpointGroups` (the server's routes name their operation with it);
 * a contract that is in no group has none and throws, so no route can be registered without its place here.
 */
export function operationIdOf(endpoint: Endpoint): string {
  operationIds ??= new Map(
    Object.entries(endpointGroups).flatMap(([group, contracts]) =>
      Object.entries(contracts).map(([name, contract]): [Endpoint, string] => [
        contract,
        operationIdFor(group, name),
      ]),
    ),
  );
  const id = operationIds.get(endpoint);
  if (id === undefined)
    throw new Error(
      `${endpoint.method} ${endpoint.path}: not a contract of endpointGroups (packages/core/src/endpoints/all.ts)`,
    );
  return id;
}
