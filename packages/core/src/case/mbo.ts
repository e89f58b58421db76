import type { CfAssociation, CfItem, CfPackage } from '../contract/case.ts';
import {
  type FrameworkProblem,
  MBO_COLUMNS,
  MBO_KINDS,
  MBO_ROWS_MAX,
  type MboColumn,
  type MboKind,
} from '../contract/frameworks.ts';
import type { NameUuid } from './tree.ts';

/**
 * An MBO qualification file (kwalificatiedossier) from a spreadsheet (D56, docs/frameworks.md): one row
 * per part, columns code, title, kind, parent code and description. The rows become a CFPackage, so a
 * file imports exactly as a CASE package does: basisdeel/profieldeel → cluster, kerntaak → sub-cluster,
 * werkproces → competence, criteria under it. Identifiers derive from the dossier's and each row's code,
 * so the next version of a file matches the list and every part keeps its scores by code.
 */

/** The parent kinds each kind may have (empty: under the document or the dossier row). */
const PARENTS: Record<MboKind, readonly MboKind[]> = {
  kwalificatiedossier: [],
  basisdeel: ['kwalificatiedossier'],
  profieldeel: ['kwalificatiedossier'],
  kerntaak: ['basisdeel', 'profieldeel'],
  werkproces: ['kerntaak'],
  criterium: ['werkproces', 'criterium'],
};

/** The item types as the package names them. */
const ITEM_TYPES: Record<MboKind, string> = {
  kwalificatiedossier: 'Kwalificatiedossier',
  basisdeel: 'Basisdeel',
  profieldeel: 'Profieldeel',
  kerntaak: 'Kerntaak',
  werkproces: 'Werkproces',
  criterium: 'Criterium',
};

/** Header words a first row may use, per column, in Dutch or English (lower case). */
const HEADERS: Record<MboColumn, readonly string[]> = {
  code: ['code'],
  title: ['titel', 'title', 'naam', 'name'],
  kind: ['soort', 'kind', 'type'],
  parentCode: ['bovenliggende code', 'parent code', 'parent', 'ouder'],
  description: ['omschrijving', 'description', 'beschrijving'],
};

interface MboRow {
  number: number;
  code: string;
  title: string;
  /** Null when the row's kind is not one of MBO_KINDS (its own problem; its children are not judged by it). */
  kind: MboKind | null;
  parentCode: string;
  description: string;
}

const cell = (row: readonly (string | null)[], index: number) => (row[index] ?? '').trim();

function isHeader(row: readonly (string | null)[]): boolean {
  return MBO_COLUMNS.slice(0, 3).every((column, index) =>
    HEADERS[column].includes(cell(row, index).toLowerCase()),
  );
}

export interface MboOptions {
  nameUuid: NameUuid;
  /** When the file was read (ISO with a zone): every item's `lastChangeDateTime`. */
  now: string;
  /** The list's name when the file has no kwalificatiedossier row. */
  fallbackName: string;
  /** Who made it: the organisation's name. */
  creator: string;
}

/** The package of a qualification file, or every problem per row (number as the spreadsheet shows it) and column. */
export function packageFromMboRows(
  rows: readonly (readonly (string | null)[])[],
  options: MboOptions,
): { package: CfPackage; problems: [] } | { package: null; problems: FrameworkProblem[] } {
  const problems: FrameworkProblem[] = [];
  const problem = (number: number, column: MboColumn, key: string) =>
    problems.push({ row: number, column, key });
  const parsed: MboRow[] = [];
  rows.forEach((row, index) => {
    const number = index + 1;
    if (index === 0 && isHeader(row)) return;
    if (row.every((value) => (value ?? '').trim() === '')) return;
    const kindText = cell(row, 2).toLowerCase();
    const kind = (MBO_KINDS as readonly string[]).includes(kindText) ? (kindText as MboKind) : null;
    const entry = {
      number,
      code: cell(row, 0),
      title: cell(row, 1),
      parentCode: cell(row, 3),
      description: cell(row, 4),
    };
    if (entry.code === '') problem(number, 'code', 'required');
    else if (entry.code.length > 255) problem(number, 'code', 'tooLong');
    if (entry.title === '') problem(number, 'title', 'required');
    else if (entry.title.length > 20_000) problem(number, 'title', 'tooLong');
    if (kindText === '') problem(number, 'kind', 'required');
    else if (kind === null) problem(number, 'kind', 'invalidValue');
    parsed.push({ ...entry, kind });
  });
  if (parsed.length > MBO_ROWS_MAX) problems.push({ row: null, column: 'rows', key: 'tooManyRows' });
  const byCode = new Map<string, MboRow>();
  for (const row of parsed) {
    if (row.code === '') continue;
    if (byCode.has(row.code)) problem(row.number, 'code', 'duplicate');
    else byCode.set(row.code, row);
  }
  const dossiers = parsed.filter((row) => row.kind === 'kwalificatiedossier');
  for (const extra of dossiers.slice(1)) problem(extra.number, 'kind', 'duplicate');
  for (const row of parsed) {
    if (row.kind === null) continue;
    const allowed = PARENTS[row.kind];
    if (row.parentCode === '') {
      // Only a dossier, a basisdeel or a profieldeel may stand at the top.
      if (allowed.length > 0 && !allowed.includes('kwalificatiedossier'))
        problem(row.number, 'parentCode', 'required');
      continue;
    }
    const parent = byCode.get(row.parentCode);
    if (!parent || parent === row) problem(row.number, 'parentCode', 'unknownParent');
    else if (parent.kind !== null && !allowed.includes(parent.kind))
      problem(row.number, 'parentCode', 'wrongParent');
  }
  if (parsed.length === 0 && problems.length === 0)
    problems.push({ row: null, column: 'rows', key: 'required' });
  if (problems.length > 0) return { package: null, problems };

  const dossier = dossiers[0];
  const documentKey = `mbo:${dossier ? dossier.code : options.fallbackName}`;
  const documentId = options.nameUuid(documentKey);
  const documentUri = `urn:uuid:${documentId}`;
  const items: CfItem[] = [];
  const associations: CfAssociation[] = [];
  const itemOf = new Map<string, CfItem>();
  for (const row of parsed) {
    if (row.kind === 'kwalificatiedossier' || row.kind === null) continue;
    const identifier = options.nameUuid(`${documentKey}/${row.code}`);
    const item: CfItem = {
      identifier,
      uri: `urn:uuid:${identifier}`,
      fullStatement: row.title,
      humanCodingScheme: row.code,
      CFItemType: ITEM_TYPES[row.kind],
      language: 'nl',
      ...(row.description === '' ? {} : { notes: row.description }),
      lastChangeDateTime: options.now,
    };
    items.push(item);
    itemOf.set(row.code, item);
  }
  const siblingsSeen = new Map<string, number>();
  const title = dossier?.title ?? options.fallbackName;
  for (const row of parsed) {
    const item = itemOf.get(row.code);
    if (!item) continue;
    const parent = row.parentCode === '' ? undefined : itemOf.get(row.parentCode);
    const destination = parent
      ? { title: parent.fullStatement.slice(0, 1000), identifier: parent.identifier, uri: parent.uri }
      : { title, identifier: documentId, uri: documentUri };
    const sequence = (siblingsSeen.get(destination.identifier) ?? 0) + 1;
    siblingsSeen.set(destination.identifier, sequence);
    const identifier = options.nameUuid(`${documentKey}/${row.code}/isChildOf`);
    associations.push({
      identifier,
      associationType: 'isChildOf',
      sequenceNumber: sequence,
      uri: `urn:uuid:${identifier}`,
      originNodeURI: { title: item.fullStatement.slice(0, 1000), identifier: item.identifier, uri: item.uri },
      destinationNodeURI: destination,
      lastChangeDateTime: options.now,
    });
  }
  return {
    package: {
      CFDocument: {
        identifier: documentId,
        uri: documentUri,
        caseVersion: '1.1',
        frameworkType: 'Kwalificatiedossier MBO',
        creator: options.creator,
        title,
        language: 'nl',
        ...(dossier?.description ? { description: dossier.description } : {}),
        ...(dossier ? { version: dossier.code } : {}),
        lastChangeDateTime: options.now,
      },
      CFItems: items,
      CFAssociations: associations,
    },
    problems: [],
  };
}

/** The template's rows: the header and one small dossier (docs/frameworks.md). */
export const MBO_TEMPLATE_EXAMPLE: readonly (readonly string[])[] = [
  ['25655', 'Verzorgende-IG', 'kwalificatiedossier', '', 'Kwalificatiedossier, versie 2025'],
  ['B1', 'Basisdeel Verzorgende-IG', 'basisdeel', '25655', ''],
  ['B1-K1', 'Bieden van zorg en ondersteuning', 'kerntaak', 'B1', ''],
  ['B1-K1-W1', 'Onderkent de behoefte aan zorg en ondersteuning', 'werkproces', 'B1-K1', ''],
  ['B1-K1-W1-C1', 'Verzamelt gegevens over de gezondheid van de zorgvrager', 'criterium', 'B1-K1-W1', ''],
  ['B1-K1-W2', 'Stelt het zorgplan op of bij', 'werkproces', 'B1-K1', ''],
  ['P1', 'Profieldeel Verzorgende-IG', 'profieldeel', '25655', ''],
  ['P1-K1', 'Uitvoeren van verpleegtechnische handelingen', 'kerntaak', 'P1', ''],
  ['P1-K1-W1', 'Voert verpleegtechnische handelingen uit', 'werkproces', 'P1-K1', 'Volgens protocol'],
];
