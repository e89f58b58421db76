export * from './blueprint-update.ts';
export * from './import.ts';
