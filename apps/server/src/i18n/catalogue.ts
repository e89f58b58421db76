import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@groeipad/core';
import type { Config } from '../config.ts';

type Tree = { [key: string]: string | Tree };

/**
 * Server texts (mails now; PDFs and notifications later) come from the web's own catalogue,
 * apps/web/public/locales/{nl,en}.json, in the recipient's language (D28). Read once per process.
 */
export class Catalogue {
  private constructor(
    /** The folder the texts were read from: another thread reads the same catalogue with `catalogue(dir)`. */
    readonly dir: string,
    private readonly trees: Record<Language, Tree>,
  ) {}

  static load(localesDir: string): Catalogue {
    const trees = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as Tree,
      ]),
    ) as Record<Language, Tree>;
    return new Catalogue(localesDir, trees);
  }

  /** The text at `key` (dotted) with `{{name}}` filled in; falls back to English, then the key. */
  t(language: Language, key: string, values: Record<string, string> = {}): string {
    const text = lookup(this.trees[language], key) ?? lookup(this.trees.en, key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  }
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const loaded = new Map<string, Catalogue>();

/** The catalogue in `localesDir`, read on first use. */
export function catalogue(localesDir: string): Catalogue {
  let found = loaded.get(localesDir);
  if (!found) {
    found = Catalogue.load(localesDir);
    loaded.set(localesDir, found);
  }
  return found;
}

/** The catalogue this server's configuration points at. */
export function serverTexts(config: Pick<Config, 'webPublicDir'>): Catalogue {
  return catalogue(join(config.webPublicDir, 'locales'));
}
