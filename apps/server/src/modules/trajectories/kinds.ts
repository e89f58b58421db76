import {
  type Criterion,
  type Evaluation,
  evaluationPhotoIds,
  formValueProblems,
  isJsonObject,
  normaliseEmail,
  type TrajectoryAccess,
  zEvaluation,
  zEvaluationCompetence,
  zFields,
  zFieldUuid,
  zValidTrajectoryAccess,
} from '@groeipad/core';
import { z } from 'zod';
import { registerKind } from '../../engine/kinds.ts';
import { notifyJobFor } from '../notifications/index.ts';
import { type FormContent, formResourceIds } from './files.ts';
import { evaluationPart, formPart, type ReportContent, readerOf, reportPart } from './parts.ts';

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
export function competencePartPointers(content: Evaluation): string[] {
  const pointers: string[] = [];
  const walk = (nodes: readonly Criterion[], prefix: string) => {
    nodes.forEach((node, index) => {
      if (node.type === 'cluster') walk(node.subsections ?? [], `${prefix}/${index}/subsections`);
      else pointers.push(`${prefix}/${index}/properties`, `${prefix}/${index}/latestProperties`);
    });
  };
  walk(content.criteria ?? [], '/criteria');
  return pointers;
}

export const TRAJECTORY_KINDS = {
  form: registerKind<FormContent>({
    name: 'trajectory:form',
    schema: zFormContent,
    empty: () => ({ fields: [], values: {} }),
    resources: formResourceIds,
    readers: {
      seenBy: (content, reader) => formPart.visible(content, readerOf(reader.access, reader.email)),
    },
    // D27: every accepted change to the form, the evaluation or a report notifies its other readers.
    saved: notifyJobFor,
  }),
  evaluation: registerKind<Evaluation>({
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
    // The entries' photos (issue 23): only files their writer may read (D42), readable by the evaluation's readers (D19).
    resources: evaluationPhotoIds,
    saved: notifyJobFor,
    readers: {
      seenBy: (content, reader) =>
        evaluationPart.readable(readerOf(reader.access, reader.email)) ? content : null,
      whole: true,
    },
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
  report: registerKind<ReportContent>({
    name: 'trajectory:report',
    schema: zReportContent,
    empty: () => ({ structure: [], values: {} }),
    resources: (report) => formResourceIds({ fields: report.structure, values: report.values }),
    readers: {
      seenBy: (content, reader) =>
        reportPart(reader.reportBlueprint ?? '').visible(content, readerOf(reader.access, reader.email)),
    },
    saved: notifyJobFor,
  }),
  access: registerKind<TrajectoryAccess>({
    name: 'trajectory:access',
    schema: zValidTrajectoryAccess,
    empty: () => ({ roles: [], users: [] }),
    // User entries are lower-cased (spec part 1 §5). It runs before the schema: whatever is not of the
    // shape is left as it is, for the schema to refuse (400 invalidDocumentContent, never a TypeError).
    normalise: (content) => {
      if (!isJsonObject(content) || !Array.isArray(content.users)) return content;
      return {
        ...content,
        users: content.users.map((entry) =>
          isJsonObject(entry) && typeof entry.user === 'string'
            ? { ...entry, user: normaliseEmail(entry.user) }
            : entry,
        ),
      };
    },
  }),
};
