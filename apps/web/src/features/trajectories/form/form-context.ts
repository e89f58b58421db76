import type { Field } from '@groeipad/core';
import { createContext, useContext } from 'react';
import type { FormRights } from './form-rights';
import type { FormValues } from './form-values';

/** What every field of the form reads: values as edited, rights, edit mode, errors and the setter. */
export interface FormState {
  /** The edited values (the saved ones while not editing). */
  values: FormValues;
  /** The readable tree with the edited values inside (formulas are computed over it). */
  valuedFields: readonly Field[];
  rights: FormRights;
  /** The header's edit mode. */
  editing: boolean;
  /** The filter box holds text (groups then show open). */
  filtering: boolean;
  /** Uuids in error: required and empty, or named by the server (invalidDocumentContent). */
  errors: ReadonlyMap<string, 'required' | 'invalid'>;
  setValue(uuid: string, value: unknown): void;
  /**
   * Prefixes the element ids fields make (a group's panel), so two forms of the same fields can be on
   * one page (the reports split screen). The information form leaves it out.
   */
  idPrefix?: string;
}

export const FormContext = createContext<FormState | null>(null);

export function useFormState(): FormState {
  const state = useContext(FormContext);
  if (!state) throw new Error('useFormState outside the form');
  return state;
}
