export * from './colour.ts';
export * from './form-document.ts';
export * from './information-map.ts';
export * from './limits.ts';
export * from './rich-text.ts';
export * from './tree.ts';
export * from './validity.ts';
export * from './values.ts';
