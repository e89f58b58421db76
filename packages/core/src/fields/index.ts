export * from './colour.ts';
export * from './limits.ts';
export * from './rich-text.ts';
export * from './tree.ts';
export * from './validity.ts';
export * from './values.ts';
