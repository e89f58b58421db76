export * from './export.ts';
export * from './mbo.ts';
export * from './read.ts';
export * from './samples.ts';
export * from './tree.ts';
export * from './versions.ts';
