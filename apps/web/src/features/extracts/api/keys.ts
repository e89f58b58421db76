/** The key of every extract list query (each filter combination), to refresh them together. */
export const extractListKey = ['extracts', 'list'] as const;

export const extractUsersKey = (id: number) => ['extracts', 'users', id] as const;
