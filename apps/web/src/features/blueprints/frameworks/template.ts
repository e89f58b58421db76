import { MBO_TEMPLATE_EXAMPLE } from '@groeipad/core';
import type { SheetData } from '../../../lib/spreadsheet';

/**
 * The qualification-file layout (D56, docs/frameworks.md) as a spreadsheet to fill in: the header row
 * (code, titel, soort, bovenliggende code, omschrijving) and core's example dossier. The layout's words
 * are its own, in Dutch like the qualification files themselves, whatever the screen's language.
 */
const TEMPLATE_HEADER = ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'];

/** The example sheet's rows: the header, then the dossier (every kind appears). */
export function templateSheet(): SheetData {
  return {
    name: 'Kwalificatiedossier',
    rows: [TEMPLATE_HEADER, ...MBO_TEMPLATE_EXAMPLE.map((row) => [...row])],
    widths: [14, 48, 20, 20, 40],
  };
}
