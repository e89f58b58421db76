import { authEndpoints } from './auth.ts';
import { blueprintEndpoints, libraryEndpoints, liveBlueprintEndpoints } from './blueprints.ts';
import { creditDocumentEndpoints, creditEndpoints } from './credits.ts';
import type { Endpoint } from './define.ts';
import { evaluationEndpoints } from './evaluations.ts';
import { extractEndpoints } from './extracts.ts';
import { healthEndpoints } from './health.ts';
import { historyEndpoints } from './history.ts';
import { memberEndpoints } from './members.ts';
import { notificationEndpoints } from './notifications.ts';
import { organisationEndpoints } from './organisations.ts';
import { reportEndpoints } from './reports.ts';
import { resourceEndpoints } from './resources.ts';
import { trajectoryEndpoints } from './trajectories.ts';
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
  resources: resourceEndpoints,
  trajectories: trajectoryEndpoints,
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
