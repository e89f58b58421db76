/**
 * Extract actions → rule (spec part 2 §2, §6; D26, D37, D41). An extract belongs to its maker, who
 * shares it, reads whom it is shared with, archives, retries and deletes it. Whoever it is shared with
 * gets the maker's PDF only (download), not its share list (D41). Anyone else does not see it at all
 * (404). Tested as a table in extracts.test.ts.
 */
export interface ExtractGrant {
  mine: boolean;
}

type Rule = (grant: ExtractGrant) => boolean;

const rules = {
  read: () => true,
  download: () => true,
  share: (g) => g.mine,
  readShares: (g) => g.mine,
  archive: (g) => g.mine,
  retry: (g) => g.mine,
  delete: (g) => g.mine,
} satisfies Record<string, Rule>;

export type ExtractAction = keyof typeof rules;
export const extractPolicy: Record<ExtractAction, Rule> = rules;
