import { readdirSync, readFileSync } from 'node:fs';
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

/** The "Plural nouns (nl)" table of the glossary: | offertes, facturen, … | */
function pluralNouns(markdown: string): string[] {
  const section = markdown.split(/^## Plural nouns \(nl\)$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.includes('---') && !line.includes('Plural nouns'))
    .flatMap((line) => line.replaceAll('|', '').split(','))
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether `text` has "de <plural noun> kon": a plural subject with a singular verb. */
function pluralWithKon(text: string, plurals: readonly string[]): boolean {
  return [...text.toLowerCase().matchAll(/\bde\s+([\p{L}']+)\s+kon\b/gu)].some(([, noun]) =>
    plurals.some((plural) => noun === plural || noun?.endsWith(plural)),
  );
}

/** Every source file of the web app. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** A key's text in a locale tree ('a.b.c'). */
function textAt(tree: Tree, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  return typeof value === 'string' ? value : undefined;
}

describe('Dutch plural subjects take a plural verb', () => {
  const plurals = pluralNouns(glossary);
  const nl = locale('nl');

  it('the glossary lists the plural nouns', () => {
    expect(plurals).toEqual(expect.arrayContaining(['offertes', 'rechten', 'sjablonen', 'verslagen']));
  });

  it('no text of nl.json says "de <plural> kon"', () => {
    expect(texts(nl).filter(([, text]) => pluralWithKon(text, plurals))).toEqual([]);
  });

  it('no message composed from a key and a document name says it either', () => {
    const composed = sourceFiles(join(root, 'apps/web/src')).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /\bt\(\s*'([\w.]+)',\s*\{\s*document:\s*t\(\s*'([\w.]+)'\s*\)/g,
        ),
      ].map(([, key, document]) => {
        const name = textAt(nl, document!) ?? '';
        const text = (textAt(nl, key!) ?? '').replace(/\{\{document(, capitalize)?\}\}/g, name);
        return { file: file.slice(root.length + 1), key, document, text };
      }),
    );
    expect(composed.length).toBeGreaterThan(10);
    expect(composed.filter(({ text }) => pluralWithKon(text, plurals))).toEqual([]);
  });

  it('tells a plural subject from a singular one', () => {
    const plural = ['offertes', 'sjablonen'];
    expect(pluralWithKon('De offertes kon niet worden geladen.', plural)).toBe(true);
    expect(pluralWithKon('de trajectsjablonen kon niet worden geladen.', plural)).toBe(true);
    expect(pluralWithKon('De offertes konden niet worden geladen.', plural)).toBe(false);
    expect(pluralWithKon('De lijst met offertes kon niet worden geladen.', plural)).toBe(false);
    expect(pluralWithKon('De offerte kon niet worden geladen.', plural)).toBe(false);
  });
});
