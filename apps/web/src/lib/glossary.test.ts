import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One word for one thing (D49): docs/glossary.md lists, per language, the words no user-visible text
 * may use; every text of both locale files (the screens, and the server's PDFs and mails) is checked
 * against it, whole words, any case.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
type Language = 'nl' | 'en';
type Tree = { [key: string]: string | Tree };

/** Key and word that may stay, each for a reason: none needed today. Add one only with its reason. */
const ALLOWED: readonly { language: Language; key: string; word: string; why: string }[] = [];

/** The "Words to avoid" table of the glossary: | nl | uittreksel, uittreksels | … | */
function wordsToAvoid(markdown: string): Record<Language, string[]> {
  const section = markdown.split(/^## Words to avoid$/m)[1]?.split(/^## /m)[0] ?? '';
  const words: Record<Language, string[]> = { nl: [], en: [] };
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const language = cells[1];
    if (language !== 'nl' && language !== 'en') continue;
    words[language].push(...(cells[2] ?? '').split(',').map((word) => word.trim().toLowerCase()));
  }
  return words;
}

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : texts(value, `${prefix}${key}.`),
  );
}

/** The words of a text to check: without {{placeholders}}, which name variables, not things. */
function wordsOf(text: string): string[] {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function violations(
  language: Language,
  tree: Tree,
  avoid: readonly string[],
): { key: string; word: string; text: string }[] {
  const banned = new Set(avoid);
  return texts(tree).flatMap(([key, text]) =>
    wordsOf(text)
      .filter((word) => banned.has(word))
      .filter((word) => !ALLOWED.some((a) => a.language === language && a.key === key && a.word === word))
      .map((word) => ({ key, word, text })),
  );
}

const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');
const locale = (language: Language) =>
  JSON.parse(readFileSync(join(root, `apps/web/public/locales/${language}.json`), 'utf8')) as Tree;

describe('the glossary (D49)', () => {
  const avoid = wordsToAvoid(glossary);

  it('names words to avoid in both languages, the D49 ones among them', () => {
    expect(avoid.nl).toEqual(
      expect.arrayContaining(['uittreksel', 'rapport', 'evaluatie', 'blauwdruk', 'formulier']),
    );
    expect(avoid.en).toEqual(expect.arrayContaining(['extract', 'template']));
  });

  it.each<Language>(['nl', 'en'])('%s.json uses no word to avoid', (language) => {
    expect(violations(language, locale(language), avoid[language])).toEqual([]);
  });

  it('finds a word to avoid as a whole word in any case, not inside another word or a placeholder', () => {
    const tree = {
      a: 'Het Rapport is klaar.',
      b: 'Je voortgangsrapport',
      c: '{{rapport}} opgeslagen',
      d: { e: 'RAPPORTEN' },
    };
    expect(violations('nl', tree, ['rapport', 'rapporten']).map((v) => v.key)).toEqual(['a', 'd.e']);
  });
});
