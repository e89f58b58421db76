/** What the rest of the server uses of blueprints: only through here (issue "Floors, enforced"). */
export { BLUEPRINT_KINDS, fieldResources, TRAJECTORY_BLUEPRINT_KIND } from './kinds.ts';
export { deleteBlueprint, holdsBlueprintRights, updateBlueprint } from './repository.ts';
export { authorizeBlueprint, blueprintAllows, insertNewBlueprint, listBlueprints } from './service.ts';
