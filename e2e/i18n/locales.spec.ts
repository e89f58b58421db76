import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_KEYS } from '@groeipad/core';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../support/server';

type Tree = { [key: string]: string | Tree };

function load(language: string): Tree {
  return JSON.parse(
    readFileSync(join(REPO_ROOT, 'apps/web/public/locales', `${language}.json`), 'utf8'),
  ) as Tree;
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

test('nl.json and en.json hold the same keys, none empty', () => {
  const nl = load('nl');
  const en = load('en');
  expect(keys(nl).sort()).toEqual(keys(en).sort());
  for (const tree of [nl, en]) {
    for (const key of keys(tree)) {
      const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part]!, tree);
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  }
});

test('every server message key has a translation under messages.*', () => {
  for (const language of ['nl', 'en']) {
    const messages = load(language).messages as Tree;
    for (const key of MESSAGE_KEYS) expect(messages[key], `${language}: messages.${key}`).toBeTruthy();
  }
});

test('the spec catalogue keys exist', () => {
  const catalogue = [
    'invalidLogin',
    'registerError',
    'registerSuccess',
    'passwordResetLinkError',
    'passwordResetLinkSent',
    'resetPasswordFailed',
    'resetPasswordSuccess',
    'activationFailed',
    'activationSucceeded',
    'loadProfileError',
    'pageNotFound',
    'invalidPage',
    'invalidDocumentId',
    'internetDisconnectedError',
    'passwordRestrictions',
    'passwordsDoNotMatch',
  ];
  for (const language of ['nl', 'en']) {
    const tree = load(language);
    for (const key of catalogue) expect(tree[key], `${language}: ${key}`).toBeTruthy();
  }
});
