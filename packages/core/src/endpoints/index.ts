export * from './blueprints.ts';
export * from './define.ts';
export * from './resources.ts';
export * from './trajectories.ts';
