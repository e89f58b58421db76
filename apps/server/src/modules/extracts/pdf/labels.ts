import type { Language } from '@groeipad/core';
import type { Catalogue } from '../../../i18n/catalogue.ts';

/** The catalogue keys the extract PDF uses (D28: `extract.pdf.*` in apps/web/public/locales). */
export const EXTRACT_PDF_LABEL_KEYS = [
  'progress',
  'student',
  'trajectory',
  'date',
  'number',
  'competence',
  'score',
  'achieved',
  'yes',
  'no',
  'notScored',
  'achievedSummary',
  'averageScore',
  'noCompetences',
  'scoreOverview',
  'chartNewIntro',
  'chartOldIntro',
  'cluster',
  'total',
  'legend',
  'signatures',
  'classTeacher',
  'parent',
  'name',
  'signature',
  'seen',
  'untitled',
  'remarks',
  'achievedNone',
  'achievedNoneSummary',
  'reports',
  'noValue',
] as const;
export type ExtractPdfLabelKey = (typeof EXTRACT_PDF_LABEL_KEYS)[number];

export interface ExtractPdfLabels extends Record<ExtractPdfLabelKey, string> {
  generatedOn(date: string): string;
  page(page: number, pages: number): string;
  achievedCount(achieved: number, total: number): string;
  competenceCount(count: number): string;
  /** Under a report's name in the PDF: its type and last change (issue 31). */
  reportChanged(type: string, date: string): string;
}

/** The PDF's labels in the requesting user's language (Dutch when none is known, D28). */
export function extractPdfLabels(texts: Catalogue, language: Language | null | undefined): ExtractPdfLabels {
  const lang: Language = language === 'en' ? 'en' : 'nl';
  const t = (key: string, values?: Record<string, string>) => texts.t(lang, `extract.pdf.${key}`, values);
  const fixed = Object.fromEntries(EXTRACT_PDF_LABEL_KEYS.map((key) => [key, t(key)])) as Record<
    ExtractPdfLabelKey,
    string
  >;
  return {
    ...fixed,
    generatedOn: (date) => t('generatedOn', { date }),
    page: (page, pages) => t('page', { page: String(page), pages: String(pages) }),
    achievedCount: (achieved, total) =>
      t('achievedCount', { achieved: String(achieved), total: String(total) }),
    competenceCount: (count) => t('competenceCount', { count: String(count) }),
    reportChanged: (type, date) => t('reportChanged', { type, date }),
  };
}
