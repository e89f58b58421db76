import type { MboKind } from '@groeipad/core';
import type { SheetData } from '../../../lib/spreadsheet';

/**
 * The qualification-file layout (D56, docs/frameworks.md) as a spreadsheet to fill in: the header row
 * (code, titel, soort, bovenliggende code, omschrijving) and one example dossier. The layout's words are
 * its own, in Dutch like the qualification files themselves, whatever the screen's language.
 */
const TEMPLATE_HEADER = ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'] as const;

type TemplateRow = [code: string, title: string, kind: MboKind, parent: string, description: string];

const EXAMPLE: readonly TemplateRow[] = [
  [
    'VB-25000',
    'Voorbeeld Zorg en welzijn',
    'kwalificatiedossier',
    '',
    'Een voorbeeld: vervang het door je eigen dossier.',
  ],
  ['B1', 'Basisdeel', 'basisdeel', 'VB-25000', ''],
  ['B1-K1', 'Biedt zorg en ondersteuning', 'kerntaak', 'B1', ''],
  [
    'B1-K1-W1',
    'Stelt een werkplanning op',
    'werkproces',
    'B1-K1',
    'Plant de eigen werkzaamheden van de dag.',
  ],
  ['B1-K1-W1-C1', 'Houdt rekening met prioriteiten', 'criterium', 'B1-K1-W1', ''],
  ['B1-K1-W1-C2', 'Stemt de planning af met collega’s', 'criterium', 'B1-K1-W1', ''],
  ['B1-K1-W2', 'Voert zorgtaken uit', 'werkproces', 'B1-K1', ''],
  ['B1-K1-W2-C1', 'Werkt volgens protocollen', 'criterium', 'B1-K1-W2', ''],
  ['P1', 'Profieldeel', 'profieldeel', 'VB-25000', ''],
  ['P1-K1', 'Begeleidt cliënten', 'kerntaak', 'P1', ''],
  ['P1-K1-W1', 'Ondersteunt bij dagelijkse activiteiten', 'werkproces', 'P1-K1', ''],
];

/** The example sheet's rows: the header, then the dossier. Every kind of MBO_KINDS appears. */
export function templateSheet(): SheetData {
  return {
    name: 'Kwalificatiedossier',
    rows: [[...TEMPLATE_HEADER], ...EXAMPLE.map((row) => [...row])],
    widths: [14, 40, 20, 20, 50],
  };
}
