export * from './blueprints.ts';
export * from './define.ts';
export * from './evaluations.ts';
export * from './reports.ts';
export * from './resources.ts';
export * from './trajectories.ts';
