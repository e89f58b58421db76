import {
  type CohortCell,
  type CompetenceProperties,
  type Criterion,
  codedName,
  cohortCells,
  cohortEntryOperation,
  type EvaluationCriterion,
  type PatchOperation,
} from '@groeipad/core';

/** One competence as the mentor's page lists it: under its cluster's name, with its place in the tree. */
export interface MentorCompetence {
  uuid: string;
  /** Shown before the name (D56). */
  code?: string;
  name: string;
  /** Its criteria (D56), shown under it. */
  criteria?: EvaluationCriterion[];
  /** The names of its cluster and sub-cluster (each its code before it), joined: the heading it sits under. */
  group: string;
  cell: CohortCell;
}

/** A photo chosen as evidence (issue 23), prepared for upload, named by its key until it has an id. */
export interface MentorPhoto {
  key: string;
  file: File;
}

/** What the mentor chose for a competence and has not saved yet. */
export interface MentorChoice {
  score: number;
  remark: string;
  photos: readonly MentorPhoto[];
}

/**
 * An entry's `photos` text (JSON of a list, as an image field's value) from what each photo is in the
 * patch: its resource id once uploaded, or the draft's upload reference; null for none.
 */
export function photosText(
  photos: readonly MentorPhoto[],
  idOf: (photo: MentorPhoto) => string,
): string | null {
  return photos.length === 0 ? null : `[${photos.map(idOf).join(',')}]`;
}

/** Every competence of the tree, depth first, with the names of the clusters above it. */
export function mentorCompetences(criteria: readonly Criterion[]): MentorCompetence[] {
  const cells = cohortCells(criteria);
  const found: MentorCompetence[] = [];
  const walk = (nodes: readonly Criterion[], names: string[]) => {
    for (const node of nodes) {
      if (node.type === 'cluster') walk(node.subsections, [...names, codedName(node)]);
      else {
        const cell = cells[node.uuid];
        if (cell)
          found.push({
            uuid: node.uuid,
            ...(node.code ? { code: node.code } : {}),
            name: node.name,
            ...(node.criteria?.length ? { criteria: node.criteria } : {}),
            group: names.join(' · '),
            cell,
          });
      }
    }
  };
  walk(criteria, []);
  return found;
}

/** A typed remark as the entry keeps it: plain text, as the evaluation's own remark field; blank is none. */
export function remarkText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The PATCH of the mentor's choices (D2): one dated entry per chosen competence, each a millisecond apart so
 * no two share a timestamp; the remark is the entry's own (an empty remark leaves none, not the teacher's).
 */
export function mentorPatch(
  competences: readonly MentorCompetence[],
  choices: Readonly<Record<string, MentorChoice>>,
  now: Date,
  /** What a photo is in the entry: its resource id, or the upload reference of an offline draft. */
  idOf: (photo: MentorPhoto) => string = () => {
    throw new Error('a photo without its id');
  },
): PatchOperation[] {
  let offset = 0;
  return competences.flatMap((competence) => {
    const choice = choices[competence.uuid];
    if (!choice) return [];
    const at = new Date(now.getTime() + offset++);
    return [
      cohortEntryOperation(
        competence.cell,
        {
          score: String(choice.score),
          date: '',
          remarks: remarkText(choice.remark),
          photos: photosText(choice.photos, idOf),
        },
        { at, editDate: now },
      ),
    ];
  });
}

/** The latest entry's score, or null when not scored. */
export function latestScore(latest: CompetenceProperties | null): number | null {
  const score = Number(latest?.score ?? '');
  return latest?.score && Number.isInteger(score) && score !== 0 ? score : null;
}

/** What a kept draft holds, as far as its scores go (lib/offline-drafts' OfflineDraft). */
interface DraftScores {
  readonly steps: readonly (
    | {
        readonly kind: 'patch';
        readonly operations: readonly {
          readonly op: string;
          readonly competenceUuid: string;
          readonly value?: Pick<CompetenceProperties, 'score'>;
        }[];
      }
    | { readonly kind: 'upload' }
  )[];
}

/**
 * The scores kept on this device and not sent yet (issue 31), per competence uuid: the newest draft's score
 * for each competence that one holds (drafts in sending order, each entry added with a score). One per
 * competence: that is the count the page shows.
 */
export function unsentScores(drafts: readonly DraftScores[]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const draft of drafts)
    for (const step of draft.steps) {
      if (step.kind !== 'patch') continue;
      for (const operation of step.operations) {
        const score = operation.op === 'add' ? latestScore(operation.value ?? null) : null;
        if (score !== null) scores.set(operation.competenceUuid, score);
      }
    }
  return scores;
}
