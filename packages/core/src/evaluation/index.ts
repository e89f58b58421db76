export * from './cohort.ts';
export * from './competence-import.ts';
export * from './criteria-tree.ts';
export * from './filters.ts';
export * from './from-blueprint.ts';
export * from './history.ts';
export * from './properties.ts';
export * from './scores.ts';
