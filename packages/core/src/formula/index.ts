export * from './datedif.ts';
export type { FormulaError, FormulaErrorCode } from './errors.ts';
export * from './evaluate.ts';
export type { FormulaNode } from './parser.ts';
export { FORMULA_FUNCTIONS, FORMULA_MAX_DEPTH, FORMULA_MAX_LENGTH, FORMULA_MAX_TOKENS } from './parser.ts';
