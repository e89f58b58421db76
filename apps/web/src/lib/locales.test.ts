import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_KEYS, SPEC_MESSAGE_KEYS } from '@groeipad/core';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const locale = (language: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../public/locales', `${language}.json`), 'utf8'),
  ) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('locales', () => {
  const nl = locale('nl');
  const en = locale('en');

  it('have the same keys in Dutch and English, none empty', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    for (const tree of [nl, en]) for (const key of keys(tree)) expect(lookup(tree, key), key).not.toBe('');
  });

  it('hold every message key the specification names (part 1 §8, part 2 §8) at the top level', () => {
    for (const key of SPEC_MESSAGE_KEYS) {
      expect(typeof nl[key], `nl ${key}`).toBe('string');
      expect(typeof en[key], `en ${key}`).toBe('string');
    }
  });

  it('hold a text for every key the server answers with (messages.*)', () => {
    for (const key of MESSAGE_KEYS) {
      expect(lookup(nl, `messages.${key}`), `nl messages.${key}`).toBeTruthy();
      expect(lookup(en, `messages.${key}`), `en messages.${key}`).toBeTruthy();
    }
  });
});

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
