import { fail } from './errors.ts';
import type { Token } from './tokenizer.ts';
import { tokenize } from './tokenizer.ts';

/**
 * Formula grammar (calculation fields; spec part 1 §5, part 2 §5). Never evaluated with eval or Function.
 *
 *   formula        := expression                      (exactly one; "1 2" or "1, 2" → notSingleValue)
 *   expression     := term (('+' | '-') term)*
 *   term           := unary (('*' | '/') unary)*
 *   unary          := ('-' | '+') unary | primary
 *   primary        := number | string | reference | call | '(' expression ')'
 *   call           := NAME '(' [expression (',' expression)*] ')'   NAME case-insensitive: NOW, DATEDIF
 *   number         := digits ['.' digits] | '.' digits              (a dot as decimal separator)
 *   string         := '"' … '"' | "'" … "'"                         (a doubled quote inside is one quote)
 *   reference      := '$' segment ('.' segment)*                     bare: letters, digits, underscore
 *                   | '$[' name ('.' name)* ']'                      bracketed: any characters but '.' and ']'
 *
 * A reference is a path of field names: group names, then the field name, e.g. `$Age`, `$Pupil.Birthdate`,
 * `$[Pupil.Date of birth]`. Field names never contain dots (they are removed on create and rename).
 */
export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'reference'; path: string[]; text: string }
  | { kind: 'call'; name: string; args: FormulaNode[] }
  | { kind: 'unary'; operator: '-' | '+'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode };

/** The functions the grammar knows (upper case). */
export const FORMULA_FUNCTIONS = ['NOW', 'DATEDIF'] as const;

/** Nesting limit (parentheses, unary minus, calls): deeper input is `tooComplex`, never a stack overflow. */
export const FORMULA_MAX_DEPTH = 64;
/** Length limit of an expression, and of its number of tokens. */
export const FORMULA_MAX_LENGTH = 10_000;
export const FORMULA_MAX_TOKENS = 1_000;

class Parser {
  private index = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  parseFormula(): FormulaNode {
    if (this.tokens.length === 0) fail({ code: 'notSingleValue' });
    const node = this.expression(0);
    const next = this.tokens[this.index];
    if (next) {
      if (next.kind === 'punct' && next.value === ')')
        fail({ code: 'syntax', position: next.position, found: ')' });
      fail({ code: 'notSingleValue' });
    }
    return node;
  }

  private peekPunct(...values: string[]): string | undefined {
    const token = this.tokens[this.index];
    return token?.kind === 'punct' && values.includes(token.value) ? token.value : undefined;
  }

  private expect(value: ')' | '('): void {
    const token = this.tokens[this.index];
    if (token?.kind === 'punct' && token.value === value) {
      this.index += 1;
      return;
    }
    fail({ code: 'syntax', position: token?.position ?? -1, found: token ? describe(token) : 'end' });
  }

  private expression(depth: number): FormulaNode {
    if (depth > FORMULA_MAX_DEPTH) fail({ code: 'tooComplex' });
    let left = this.term(depth);
    for (let op = this.peekPunct('+', '-'); op; op = this.peekPunct('+', '-')) {
      this.index += 1;
      left = { kind: 'binary', operator: op as '+' | '-', left, right: this.term(depth) };
    }
    return left;
  }

  private term(depth: number): FormulaNode {
    let left = this.unary(depth);
    for (let op = this.peekPunct('*', '/'); op; op = this.peekPunct('*', '/')) {
      this.index += 1;
      left = { kind: 'binary', operator: op as '*' | '/', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): FormulaNode {
    if (depth > FORMULA_MAX_DEPTH) fail({ code: 'tooComplex' });
    const op = this.peekPunct('+', '-');
    if (op) {
      this.index += 1;
      return { kind: 'unary', operator: op as '+' | '-', operand: this.unary(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): FormulaNode {
    const token = this.tokens[this.index];
    if (!token) fail({ code: 'syntax', position: -1, found: 'end' });
    this.index += 1;
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value };
      case 'string':
        return { kind: 'string', value: token.value };
      case 'reference':
        return { kind: 'reference', path: token.path, text: token.text };
      case 'identifier':
        return this.call(token.name, token.position, depth);
      case 'punct':
        if (token.value === '(') {
          const inner = this.expression(depth + 1);
          this.expect(')');
          return inner;
        }
        return fail({ code: 'syntax', position: token.position, found: token.value });
    }
  }

  private call(rawName: string, position: number, depth: number): FormulaNode {
    if (!this.peekPunct('(')) fail({ code: 'syntax', position, found: rawName });
    const name = rawName.toUpperCase();
    if (!(FORMULA_FUNCTIONS as readonly string[]).includes(name))
      fail({ code: 'unknownFunction', name: rawName });
    this.index += 1;
    const args: FormulaNode[] = [];
    if (!this.peekPunct(')')) {
      args.push(this.expression(depth + 1));
      while (this.peekPunct(',')) {
        this.index += 1;
        args.push(this.expression(depth + 1));
      }
    }
    this.expect(')');
    return { kind: 'call', name, args };
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'number':
      return String(token.value);
    case 'string':
      return JSON.stringify(token.value);
    case 'reference':
      return token.text;
    case 'identifier':
      return token.name;
    case 'punct':
      return token.value;
  }
}

/** Parses an expression into a tree; throws FormulaFailure (internal; see evaluateFormula for the safe API). */
export function parseFormula(text: string): FormulaNode {
  if (text.length > FORMULA_MAX_LENGTH) fail({ code: 'tooComplex' });
  const tokens = tokenize(text);
  if (tokens.length > FORMULA_MAX_TOKENS) fail({ code: 'tooComplex' });
  return new Parser(tokens).parseFormula();
}
