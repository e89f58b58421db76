import type { Field } from '../contract/fields.ts';
import { datedif, isDatedifUnit, parseFormulaDate } from './datedif.ts';
import type { FormulaError } from './errors.ts';
import { FormulaFailure, fail } from './errors.ts';
import type { FormulaNode } from './parser.ts';
import { parseFormula } from './parser.ts';
import { type Token, tokenize } from './tokenizer.ts';

/**
 * Evaluation of calculation fields (grammar in parser.ts).
 *
 * Values are numbers or text. `+` adds numbers and joins as soon as one side is text; `-`, `*`, `/` and
 * unary minus need numbers. NOW() gives `now` as an ISO date-time text; DATEDIF(start, end, unit) takes date
 * texts (see datedif.ts) and a unit Y, M, W or D (case-insensitive).
 *
 * References resolve by name path, first among the `scope` fields (the calculation's own group, when given),
 * then from the root `fields`. Each segment must match exactly one field (else `fieldCount`), and every
 * segment but the last must be a group (else `notAValidChildField`). Usable field types: integer, decimal,
 * rating (numbers); text, url, select, date (text); calculation (evaluated in turn, cycles refused).
 */
export type FormulaValue = number | string;
export type FormulaResult = { ok: true; value: FormulaValue } | { ok: false; error: FormulaError };

export interface FormulaContext {
  /** The whole form or report (root of every path). */
  fields: readonly Field[];
  /** The current moment, for NOW(). */
  now: Date;
  /** The list the calculation field itself sits in (its group's children), searched first. */
  scope?: readonly Field[];
}

interface Resolved {
  field: Field;
  siblings: readonly Field[];
}

function resolveIn(list: readonly Field[], path: readonly string[]): Resolved {
  let current = list;
  for (const [index, segment] of path.entries()) {
    const matches = current.filter((field) => field.name === segment);
    const field = matches[0];
    if (matches.length !== 1 || !field)
      return fail({ code: 'fieldCount', name: segment, count: matches.length });
    const next = path[index + 1];
    if (next === undefined) return { field, siblings: current };
    if (field.type !== 'group') return fail({ code: 'notAValidChildField', name: next, parent: segment });
    current = field.children;
  }
  return fail({ code: 'notSingleValue' });
}

function resolve(path: readonly string[], context: FormulaContext): Resolved {
  const first = path[0];
  if (
    context.scope &&
    context.scope !== context.fields &&
    context.scope.some((field) => field.name === first)
  ) {
    return resolveIn(context.scope, path);
  }
  return resolveIn(context.fields, path);
}

class Evaluator {
  constructor(
    private readonly context: FormulaContext,
    private readonly visiting: ReadonlySet<string>,
  ) {}

  evaluate(node: FormulaNode): FormulaValue {
    switch (node.kind) {
      case 'number':
      case 'string':
        return node.value;
      case 'reference':
        return this.reference(node.path, node.text);
      case 'unary': {
        const operand = this.evaluate(node.operand);
        if (typeof operand !== 'number') return fail({ code: 'typeMismatch', operator: node.operator });
        return node.operator === '-' ? 0 - operand : operand;
      }
      case 'binary':
        return this.binary(node.operator, this.evaluate(node.left), this.evaluate(node.right));
      case 'call':
        return this.call(node.name, node.args);
    }
  }

  private binary(operator: '+' | '-' | '*' | '/', left: FormulaValue, right: FormulaValue): FormulaValue {
    if (operator === '+' && (typeof left === 'string' || typeof right === 'string')) return `${left}${right}`;
    if (typeof left !== 'number' || typeof right !== 'number')
      return fail({ code: 'typeMismatch', operator });
    switch (operator) {
      case '+':
        return left + right;
      case '-':
        return left - right;
      case '*':
        return left * right;
      case '/':
        if (right === 0) return fail({ code: 'divisionByZero' });
        return left / right;
    }
  }

  private call(name: string, args: readonly FormulaNode[]): FormulaValue {
    if (name === 'NOW') {
      if (args.length !== 0) fail({ code: 'wrongArgumentCount', name, expected: 0, actual: args.length });
      return this.context.now.toISOString();
    }
    if (name === 'DATEDIF') {
      const [startNode, endNode, unitNode] = args;
      if (args.length !== 3 || !startNode || !endNode || !unitNode) {
        return fail({ code: 'wrongArgumentCount', name, expected: 3, actual: args.length });
      }
      const start = this.date(this.evaluate(startNode));
      const end = this.date(this.evaluate(endNode));
      const unit = String(this.evaluate(unitNode)).trim().toUpperCase();
      if (!isDatedifUnit(unit)) return fail({ code: 'invalidDatedifUnit', unit });
      return datedif(start, end, unit);
    }
    return fail({ code: 'unknownFunction', name });
  }

  private date(value: FormulaValue): Date {
    const date = typeof value === 'string' ? parseFormulaDate(value) : null;
    return date ?? fail({ code: 'invalidDate', value: String(value) });
  }

  private reference(path: readonly string[], text: string): FormulaValue {
    const { field, siblings } = resolve(path, this.context);
    const value: unknown = field.value;
    switch (field.type) {
      case 'integer':
      case 'decimal':
        if (typeof value !== 'number') return fail({ code: 'emptyReference', name: text });
        return value;
      case 'rating': {
        if (typeof value === 'number') return value;
        if (typeof value !== 'string' || value.trim() === '')
          return fail({ code: 'emptyReference', name: text });
        const number = Number(value);
        return Number.isFinite(number) ? number : value;
      }
      case 'text':
      case 'url':
      case 'select':
        if (typeof value !== 'string') return fail({ code: 'emptyReference', name: text });
        return value;
      case 'date':
        if (typeof value !== 'string' || value.trim() === '')
          return fail({ code: 'emptyReference', name: text });
        return value;
      case 'calculation': {
        if (this.visiting.has(field.uuid)) return fail({ code: 'circularReference', name: text });
        if (typeof value !== 'string') return fail({ code: 'emptyReference', name: text });
        const inner = new Evaluator(
          { ...this.context, scope: siblings },
          new Set([...this.visiting, field.uuid]),
        );
        return inner.evaluate(parseFormula(value));
      }
      default:
        return fail({ code: 'unsupportedFieldType', name: text, type: field.type });
    }
  }
}

/**
 * Evaluates an expression. Never throws: the result is a value or a typed error.
 * `selfUuid` (the calculation field's own uuid) makes a reference to itself a circularReference.
 */
export function evaluateFormula(
  expression: string,
  context: FormulaContext,
  selfUuid?: string,
): FormulaResult {
  try {
    const tree = parseFormula(expression);
    const value = new Evaluator(context, new Set(selfUuid === undefined ? [] : [selfUuid])).evaluate(tree);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof FormulaFailure) return { ok: false, error: error.error };
    if (error instanceof RangeError) return { ok: false, error: { code: 'tooComplex' } };
    return { ok: false, error: { code: 'internal' } };
  }
}

/** A number for display: at most 12 significant digits, no exponent noise for ordinary values. */
export function formatFormulaValue(value: FormulaValue): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return String(value);
  return String(Number.parseFloat(value.toPrecision(12)));
}

/**
 * What a calculation field shows: the formatted value; nothing while a field it reads is still empty
 * (issue 31: not yet computable is not an error); the original expression text on any other error.
 */
export function formulaDisplayValue(expression: string, context: FormulaContext, selfUuid?: string): string {
  const result = evaluateFormula(expression, context, selfUuid);
  if (result.ok) return formatFormulaValue(result.value);
  return result.error.code === 'emptyReference' ? '' : expression;
}

/** What a reference the reader may not follow reads as (D40): the `$` stays, the name does not. */
export const MASKED_REFERENCE = '$…';

/**
 * The expression with every reference that does not lead to one of `context.fields` written as `$…`
 * (D18, D40): `fields` are what the reader may see, so the name of a field hidden from them never
 * reaches them through the formula text a calculation falls back to. An expression that cannot be read
 * has each `$` reference masked by its shape.
 */
export function maskHiddenReferences(expression: string, context: Omit<FormulaContext, 'now'>): string {
  // A `$…` already there stays as it is and splits the text, so masking twice changes nothing.
  return expression
    .split(MASKED_REFERENCE)
    .map((part) => maskPart(part, context))
    .join(MASKED_REFERENCE);
}

function maskPart(expression: string, context: Omit<FormulaContext, 'now'>): string {
  let tokens: Token[];
  try {
    tokens = tokenize(expression);
  } catch {
    return expression.replace(/\$(?:\[[^\]]*\]?|[\p{L}\p{N}_.]*)/gu, MASKED_REFERENCE);
  }
  let masked = '';
  let from = 0;
  for (const token of tokens) {
    if (token.kind !== 'reference' || followsToVisible(token.path, context)) continue;
    masked += expression.slice(from, token.position) + MASKED_REFERENCE;
    from = token.position + token.text.length;
  }
  return masked + expression.slice(from);
}

function followsToVisible(path: readonly string[], context: Omit<FormulaContext, 'now'>): boolean {
  try {
    resolve(path, { ...context, now: new Date(0) });
    return true;
  } catch {
    return false;
  }
}
