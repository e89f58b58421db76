export * from './blueprints.ts';
export * from './define.ts';
