import type { Competence } from '@groeipad/core';
import { createContext, useContext } from 'react';
import type { TreeAccess } from '../tree';
import type { Selection } from '../use-selection';

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

export interface CompetenceEditing {
  writable: boolean;
  selection: Selection;
  expanded: ReadonlySet<string>;
  toggleExpanded: (uuid: string) => void;
  update: (uuid: string, change: (node: Competence) => Competence) => void;
  /** Adds a new node under `parent` (null: a new cluster); never below the third level. */
  addChild: (parent: string | null, level: number) => void;
  /** The node just added, whose description takes the focus. */
  added: string | null;
}

export const CompetenceEditingContext = createContext<CompetenceEditing | null>(null);

export function useCompetenceEditing(): CompetenceEditing {
  const editing = useContext(CompetenceEditingContext);
  if (!editing) throw new Error('useCompetenceEditing outside CompetenceEditingContext');
  return editing;
}
