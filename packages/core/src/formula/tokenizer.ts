import { fail } from './errors.ts';

export type Token =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'reference'; path: string[]; text: string; position: number }
  | { kind: 'identifier'; name: string; position: number }
  | { kind: 'punct'; value: Punct; position: number };

const NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;
/** A bare reference segment: letters (any script), digits, underscore. */
const BARE_SEGMENT = /^[\p{L}\p{N}_]+/u;
type Punct = '+' | '-' | '*' | '/' | '(' | ')' | ',';
const PUNCT: readonly string[] = ['+', '-', '*', '/', '(', ')', ','];

function isPunct(char: string): char is Punct {
  return PUNCT.includes(char);
}

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === quote) {
      if (text[index + 1] === quote) {
        value += quote;
        index += 2;
        continue;
      }
      return { value, end: index + 1 };
    }
    value += char;
    index += 1;
  }
  return fail({ code: 'missingClosingQuote', position: start });
}

function readReference(text: string, start: number): { path: string[]; end: number } {
  let index = start + 1;
  if (text[index] === '[') {
    const close = text.indexOf(']', index + 1);
    if (close === -1) fail({ code: 'syntax', position: start, found: text.slice(start) });
    const path = text
      .slice(index + 1, close)
      .split('.')
      .map((segment) => segment.trim());
    if (path.some((segment) => segment === ''))
      fail({ code: 'syntax', position: start, found: text.slice(start, close + 1) });
    return { path, end: close + 1 };
  }
  const path: string[] = [];
  for (;;) {
    const match = BARE_SEGMENT.exec(text.slice(index));
    if (!match) fail({ code: 'syntax', position: index, found: text.slice(start, index + 1) });
    path.push(match[0]);
    index += match[0].length;
    if (text[index] !== '.') return { path, end: index };
    index += 1;
  }
}

/** Splits an expression into tokens. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const rest = text.slice(index);
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), position: index });
      index += number[0].length;
    } else if (char === '"' || char === "'") {
      const { value, end } = readString(text, index);
      tokens.push({ kind: 'string', value, position: index });
      index = end;
    } else if (char === '$') {
      const { path, end } = readReference(text, index);
      tokens.push({ kind: 'reference', path, text: text.slice(index, end), position: index });
      index = end;
    } else if (isPunct(char)) {
      tokens.push({ kind: 'punct', value: char, position: index });
      index += 1;
    } else {
      const identifier = IDENTIFIER.exec(rest);
      if (!identifier) fail({ code: 'syntax', position: index, found: char });
      tokens.push({ kind: 'identifier', name: identifier[0], position: index });
      index += identifier[0].length;
    }
  }
  return tokens;
}
