export * from './blueprint-update.ts';
