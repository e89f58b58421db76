import { createContext, useContext } from 'react';
import type { LinkStates } from './links';

/** The link states of the trajectory blueprint being edited, for every picker and report row. */
export const LinkStatesContext = createContext<LinkStates>(new Map());

export function useLinkStates(): LinkStates {
  return useContext(LinkStatesContext);
}
