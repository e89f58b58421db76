import type { Field, FieldType } from '@groeipad/core';
import { createContext, useContext } from 'react';
import type { Selection } from '../use-selection';

/** What every part of the field builder reaches without passing it down by hand. */
export interface FieldBuilder {
  /** The whole form (the root of formula references). */
  fields: readonly Field[];
  writable: boolean;
  /** An information form (a trajectory's): a text field may say it holds the mentor's e-mail or name (issue 31). */
  mentorFields: boolean;
  selection: Selection;
  /** Fields whose properties are open. */
  expanded: ReadonlySet<string>;
  toggleExpanded: (uuid: string) => void;
  /** One undoable change of the field with this uuid. */
  update: (uuid: string, change: (field: Field) => Field) => void;
  /** Adds a field at the end of the root (parent null) or of a group. */
  add: (parent: string | null, type: FieldType, name: string) => void;
}

export const FieldBuilderContext = createContext<FieldBuilder | null>(null);

export function useFieldBuilder(): FieldBuilder {
  const builder = useContext(FieldBuilderContext);
  if (!builder) throw new Error('useFieldBuilder outside FieldBuilderContext');
  return builder;
}
