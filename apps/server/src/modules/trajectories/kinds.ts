import {
  type Criterion,
  type Evaluation,
  formValueProblems,
  type JsonValue,
  normaliseEmail,
  zEvaluation,
  zEvaluationCompetence,
  zFields,
  zFieldUuid,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { z } from 'zod';
import { type DocumentKind, registerKind } from '../../engine/kinds.ts';
import { notifyJobFor } from '../notifications/events.ts';
import { type FormContent, formResourceIds } from './files.ts';

/**
 * A trajectory's information form (D33): the field tree without values, values keyed by field uuid,
 * each of its field's type (a number for a decimal, one of the options for a select …): a wrong one
 * answers 400 invalidDocumentContent naming `values.<uuid>`.
 */
export const zFormContent = z
  .object({
    fields: zFields.default([]),
    values: z.record(zFieldUuid, z.json()).default({}),
  })
  .superRefine((form, context) => {
    for (const problem of formValueProblems(form.fields, form.values))
      context.addIssue({ code: 'custom', path: ['values', problem.uuid], message: problem.key });
  });

/**
 * A report (D15): the report blueprint's field tree without values (`structure`, copied at creation,
 * D9) and the values keyed by field uuid, each of its field's type, like the form's.
 */
export const zReportContent = z
  .object({
    structure: zFields.default([]),
    values: z.record(zFieldUuid, z.json()).default({}),
  })
  .superRefine((report, context) => {
    for (const problem of formValueProblems(report.structure, report.values))
      context.addIssue({ code: 'custom', path: ['values', problem.uuid], message: problem.key });
  });

/**
 * The parts of an evaluation: each competence's dated entries (`…/subsections/2/properties`) and the
 * latest of them (`…/subsections/2/latestProperties`, which an entry's save recomputes), so that saving an
 * entry changes no byte of the tree stored in `documents.content`.
 */
export function competencePartPointers(content: JsonValue): string[] {
  const pointers: string[] = [];
  const walk = (nodes: readonly Criterion[], prefix: string) => {
    nodes.forEach((node, index) => {
      if (node.type === 'cluster') walk(node.subsections ?? [], `${prefix}/${index}/subsections`);
      else pointers.push(`${prefix}/${index}/properties`, `${prefix}/${index}/latestProperties`);
    });
  };
  walk((content as unknown as Evaluation).criteria ?? [], '/criteria');
  return pointers;
}

export const TRAJECTORY_KINDS = {
  form: registerKind({
    name: 'trajectory:form',
    schema: zFormContent,
    empty: () => ({ fields: [], values: {} }),
    resources: (content) => formResourceIds(content as unknown as FormContent),
    // D27: every accepted change to the form, the evaluation or a report notifies its other readers.
    saved: notifyJobFor,
  }),
  evaluation: registerKind({
    name: 'trajectory:evaluation',
    schema: zEvaluation,
    empty: () => ({
      criteria: [],
      minScore: 1,
      maxScore: 1,
      scoreNames: [],
      scoreColours: [],
      scoreInfo: [],
    }),
    saved: notifyJobFor,
    // Each competence's dated entries and latest properties are stored apart (migration 0011): adding one
    // entry writes those two rows, whatever the number of entries elsewhere, and leaves the tree alone
    // (bench/evaluation.ts). An evaluation stored before keeps its latest properties in the tree until a
    // save reads them (the engine then moves them into their row).
    parts: {
      pointers: competencePartPointers,
      placeholder: (pointer) => (pointer.endsWith('/latestProperties') ? null : {}),
      // zEvaluation refines only minScore and maxScore: a competence's parts are judged by these alone.
      schema: (pointer) =>
        pointer.endsWith('/latestProperties')
          ? zEvaluationCompetence.shape.latestProperties
          : zEvaluationCompetence.shape.properties,
    },
  }),
  report: registerKind({
    name: 'trajectory:report',
    schema: zReportContent,
    empty: () => ({ structure: [], values: {} }),
    resources: (content) => {
      const report = content as unknown as {
        structure: FormContent['fields'];
        values: FormContent['values'];
      };
      return formResourceIds({ fields: report.structure, values: report.values });
    },
    saved: notifyJobFor,
  }),
  access: registerKind({
    name: 'trajectory:access',
    schema: zValidTrajectoryAccess,
    empty: () => ({ roles: [], users: [] }),
    // User entries are lower-cased (spec part 1 §5).
    normalise: (content) => {
      const access = content as { roles?: unknown; users?: { user?: unknown; roles?: unknown }[] };
      if (!Array.isArray(access.users)) return content;
      return {
        ...access,
        users: access.users.map((entry) => ({
          ...entry,
          user: typeof entry.user === 'string' ? normaliseEmail(entry.user) : entry.user,
        })),
      } as JsonValue;
    },
  }),
} satisfies Record<string, DocumentKind>;
