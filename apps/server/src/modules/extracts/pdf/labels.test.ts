import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../i18n/catalogue.ts';
import { EXTRACT_PDF_LABEL_KEYS, extractPdfLabels } from './labels.ts';

const texts = catalogue(join(import.meta.dirname, '../../../../../web/public/locales'));

describe('extract PDF labels from the catalogue (D28)', () => {
  it('every label exists in Dutch and in English, and they differ where the languages do', () => {
    for (const language of ['nl', 'en'] as const) {
      for (const key of [
        ...EXTRACT_PDF_LABEL_KEYS,
        'generatedOn',
        'page',
        'achievedCount',
        'competenceCount',
        'reportChanged',
      ]) {
        expect(texts.t(language, `extract.pdf.${key}`), `${language} extract.pdf.${key}`).not.toBe(
          `extract.pdf.${key}`,
        );
      }
    }
    expect(extractPdfLabels(texts, 'nl').classTeacher).not.toBe(extractPdfLabels(texts, 'en').classTeacher);
  });

  it('speaks the requesting user’s language, Dutch when none is known', () => {
    expect(extractPdfLabels(texts, 'en').progress).toBe('Progress of activities and competences');
    expect(extractPdfLabels(texts, 'nl').progress).toBe('Voortgang van activiteiten en competenties');
    expect(extractPdfLabels(texts, null).parent).toBe('Ouder of verzorger');
    expect(extractPdfLabels(texts, undefined).signatures).toBe('Ondertekening');
  });

  it('fills in numbers and dates', () => {
    const nl = extractPdfLabels(texts, 'nl');
    expect(nl.page(2, 13)).toBe('Pagina 2 van 13');
    // Issue 21: what is counted is named, and nothing marked reads as such, not as nothing achieved.
    expect(nl.achievedCount(10, 27)).toBe('10 van 27 als behaald gemarkeerd');
    expect(extractPdfLabels(texts, 'en').achievedCount(0, 30)).toBe('0 of 30 marked as achieved');
    expect(nl.achievedNoneSummary).toBe('Nog geen competentie als behaald gemarkeerd');
    expect(extractPdfLabels(texts, 'en').achievedNone).toBe('none marked as achieved yet');
    expect(nl.generatedOn('14/03/2026')).toBe('Gemaakt op 14/03/2026');
    expect(extractPdfLabels(texts, 'en').page(2, 13)).toBe('Page 2 of 13');
  });
});
