import { z } from 'zod';
import { NAME_MAX } from './common.ts';

/** Dashboard widgets (spec part 1 §3): a scores pie chart with a table, or the evaluation history. */
export const DASHBOARD_WIDGET_TYPES = ['evaluation_scores', 'evaluation_history'] as const;
export type DashboardWidgetType = (typeof DASHBOARD_WIDGET_TYPES)[number];

/** A cluster path of cluster uuids joined by dots, like 'a.b' (no empty parts, D20); the screen shows names. */
export const CLUSTER_PATH = /^[^.]+(\.[^.]+)*$/;

const widgetBase = {
  uuid: z.string({ error: 'required' }).min(1, { error: 'required' }).max(NAME_MAX, { error: 'tooLong' }),
  name: z.string().max(NAME_MAX, { error: 'tooLong' }).default(''),
};

export const zEvaluationScoresWidget = z.object({
  ...widgetBase,
  type: z.literal('evaluation_scores'),
  /** Limit the scores to one cluster; absent or null means the whole evaluation. */
  cluster: z
    .string()
    .max(1000, { error: 'tooLong' })
    .regex(CLUSTER_PATH, { error: 'invalidValue' })
    .nullish()
    .transform((value) => value ?? null),
});

export const zEvaluationHistoryWidget = z.object({ ...widgetBase, type: z.literal('evaluation_history') });

export const zDashboardWidget = z.discriminatedUnion('type', [
  zEvaluationScoresWidget,
  zEvaluationHistoryWidget,
]);
export type DashboardWidget = z.infer<typeof zDashboardWidget>;

/** A trajectory's dashboard, and the content of a dashboard blueprint. The tab hides without widgets. */
export const zDashboard = z.object({ widgets: z.array(zDashboardWidget).default([]) });
export type Dashboard = z.infer<typeof zDashboard>;

/** The cluster path as a list of names ('a.b.c' → ['a', 'b', 'c']); empty for the whole evaluation. */
export function clusterPathNames(cluster: string | null | undefined): string[] {
  return cluster ? cluster.split('.') : [];
}
