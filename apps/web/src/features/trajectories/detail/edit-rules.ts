import {
  canEditAccess,
  detailDescriptionProblem,
  NAME_MAX,
  type TrajectoryAccess,
  type TrajectoryInfo,
} from '@groeipad/core';

/**
 * The pure rules of the detail frame's header and access section (spec part 1 §4 "Trajectory edit",
 * §5, §6; D5, D12, D35), kept out of the components so they are unit-tested. What the user may do
 * comes from the server with the trajectory (`abilities`, e.g. the header's Edit button is
 * `abilities.edit`); these rules only combine it with what is on the screen.
 */

/** What the access section offers (spec part 1 §5 "The access tab's edit button…", D35). */
export type AccessEditButton = 'absent' | 'disabled' | 'enabled';

/**
 * The access section's Edit-access button: absent without RIGHTS (the reader sees the access
 * read-only, D35); disabled when the server says the user may not change the access now (while
 * expired, D12: `abilities.updateAccess`) or when their own roles in the list as loaded would not keep
 * RIGHTS (core canEditAccess: the editor's own rule over the list it edits).
 */
export function accessEditButton(
  trajectory: Pick<TrajectoryInfo, 'rights' | 'abilities'>,
  access: TrajectoryAccess,
  email: string,
): AccessEditButton {
  if (!trajectory.rights.includes('RIGHTS')) return 'absent';
  if (!trajectory.abilities.updateAccess || !canEditAccess(access, email)) return 'disabled';
  return 'enabled';
}

/** The header's own draft while editing. */
export interface HeaderDraft {
  name: string;
  description: string;
}

export function headerDraftOf(trajectory: Pick<TrajectoryInfo, 'name' | 'description'>): HeaderDraft {
  return { name: trajectory.name, description: trajectory.description ?? '' };
}

/** The description as the server stores it: trimmed, empty becomes null (core zOptionalText). */
function storedDescription(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The PUT body when the title or description changed, else null (nothing to send). */
export function headerChanges(
  trajectory: Pick<TrajectoryInfo, 'name' | 'description'>,
  draft: HeaderDraft,
): { name: string; description: string | null } | null {
  const name = draft.name.trim();
  const description = storedDescription(draft.description);
  if (name === trajectory.name && description === (trajectory.description ?? null)) return null;
  return { name, description };
}

export interface HeaderProblems {
  name?: 'required' | 'tooLong';
  description?: 'tooLong';
}

/**
 * The header's validity: a title that is not blank and at most 255 characters; a description over 255
 * characters only when it was changed (D5: a longer one made by the create dialog may stay).
 */
export function headerProblems(
  trajectory: Pick<TrajectoryInfo, 'description'>,
  draft: HeaderDraft,
): HeaderProblems {
  const problems: HeaderProblems = {};
  const name = draft.name.trim();
  if (name === '') problems.name = 'required';
  else if (name.length > NAME_MAX) problems.name = 'tooLong';
  const description = detailDescriptionProblem(
    trajectory.description ?? null,
    storedDescription(draft.description),
  );
  if (description) problems.description = description;
  return problems;
}

/** The state of a part that edits with the header (the header itself, the registered section). */
export interface EditPart {
  dirty: boolean;
  valid: boolean;
}

/**
 * Save is possible only when something changed (spec part 1 §4) and nothing that changed is invalid
 * ("Saving is blocked while any field is invalid").
 */
export function saveState(parts: readonly (EditPart | null)[]): { dirty: boolean; canSave: boolean } {
  const present = parts.filter((part): part is EditPart => part !== null);
  const dirty = present.some((part) => part.dirty);
  return { dirty, canSave: dirty && present.every((part) => part.valid) };
}

/**
 * The update button (D10): while editing, when the server lets the user move the blueprint version
 * (`abilities.updateBlueprint`: METADATA, active) and the trajectory's blueprint version and the
 * blueprint's latest differ (both known: a removed or missing blueprint has no update).
 */
export function mayUpdateBlueprint(
  trajectory: Pick<TrajectoryInfo, 'abilities' | 'blueprintVersion' | 'latestBlueprintVersion'>,
  editing: boolean,
): boolean {
  return (
    editing &&
    trajectory.abilities.updateBlueprint &&
    trajectory.blueprintVersion !== null &&
    trajectory.latestBlueprintVersion !== null &&
    trajectory.blueprintVersion !== trajectory.latestBlueprintVersion
  );
}
