import type { Competence, CompetenceCriterion } from '@groeipad/core';
import { createContext, useContext } from 'react';
import type { ShownCriterion } from '../../../../components/competence/criteria-list';
import type { IdSetStore } from '../id-set-store';
import type { TreeAccess } from '../tree';

/** Competences as a tree of subcompetences (cluster → sub-cluster → competence, D3). */
export const competenceAccess: TreeAccess<Competence> = {
  id: (node) => node.uuid,
  children: (node) => node.subcompetences,
  withChildren: (node, subcompetences) => ({ ...node, subcompetences }),
};

/** The name of each level's kind (locale keys under blueprintEditors.competences). */
export const LEVEL_KINDS = ['cluster', 'subcluster', 'competence'] as const;

export function newCompetence(description: string, uuid: string): Competence {
  return { uuid, description, labels: [], info: '', subcompetences: [] };
}

/** A competence's criteria (D56) as the read-only list shows them: the description is the name. */
export function shownCriteria(criteria: readonly CompetenceCriterion[]): ShownCriterion[] {
  return criteria.map((criterion) => ({
    uuid: criterion.uuid,
    code: criterion.code,
    name: criterion.description,
    ...(criterion.criteria?.length ? { criteria: shownCriteria(criterion.criteria) } : {}),
  }));
}

/** The most characters of a code (the contract's NAME_MAX). */
export const CODE_MAX = 255;

/** A competence with this code; without one when it is blank. */
export function withCode(node: Competence, text: string): Competence {
  const { code: _old, ...rest } = node;
  const code = text.trim();
  return code ? { ...rest, code } : rest;
}

/**
 * What every row of the tree shares. It stays the same object while the user works (so the rows, memoised
 * by node, do not all render again): what changes per row is read from the stores, one id at a time.
 */
export interface CompetenceEditing {
  writable: boolean;
  /** The ticked rows. */
  selected: IdSetStore;
  toggleSelected: (uuid: string, on: boolean) => void;
  /** The rows whose details are open. */
  expanded: IdSetStore;
  toggleExpanded: (uuid: string) => void;
  update: (uuid: string, change: (node: Competence) => Competence) => void;
  /** Adds a new node under `parent` (null: a new cluster); never below the third level. */
  addChild: (parent: string | null, level: number) => void;
  /** Holds the node just added, whose description takes the focus. */
  added: IdSetStore;
}

export const CompetenceEditingContext = createContext<CompetenceEditing | null>(null);

export function useCompetenceEditing(): CompetenceEditing {
  const editing = useContext(CompetenceEditingContext);
  if (!editing) throw new Error('useCompetenceEditing outside CompetenceEditingContext');
  return editing;
}
