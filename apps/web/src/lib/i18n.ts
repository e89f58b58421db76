import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
const STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Loads `/locales/{lng}.json` with fetch (spec part 2 §7). */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/locales/${language}.json`, { cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`locale ${language}: ${response.status}`);
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

function applyLanguage(language: string): void {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyLanguage);
  await i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  // "{{object, capitalize}} is toegevoegd." puts an object name ("de gebruiker") first in a sentence.
  i18n.services.formatter?.add('capitalize', capitalize);
  applyLanguage(i18n.language);
  return i18n;
}

/** The text with its first letter in upper case. */
export function capitalize(value: unknown): string {
  const text = String(value ?? '');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

// Dates are shown through @groeipad/core's showDate / showDateTime (D47), in the business time zone.
