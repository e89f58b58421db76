export * from './access-validity.ts';
export * from './blueprint-access.ts';
export * from './dependencies.ts';
export * from './derived.ts';
export * from './effective.ts';
export * from './field-access.ts';
export * from './visible-document.ts';
export * from './writable-paths.ts';
