/** Query keys of the reports section, under the trajectory's own key (`['trajectories', 'one', id]`). */
export const reportKeys = {
  all: (id: number) => ['trajectories', 'one', id, 'reports'] as const,
  list: (id: number, query: { modifiedFrom?: string; blueprintName?: string }) =>
    ['trajectories', 'one', id, 'reports', 'list', query] as const,
  blueprints: (id: number) => ['trajectories', 'one', id, 'reports', 'blueprints'] as const,
  one: (id: number, reportId: number) => ['trajectories', 'one', id, 'reports', 'one', reportId] as const,
  evaluation: (id: number) => ['trajectories', 'one', id, 'evaluation', 'split'] as const,
};
