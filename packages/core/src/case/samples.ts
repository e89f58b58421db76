import type { CfAssociation, CfItem, CfPackage } from '../contract/case.ts';

/**
 * A made-up CASE 1.1 framework of any size, for tests and the bench (D56): four levels (kerntaak →
 * werkproces group → werkproces → criterium), Unicode and Markdown in statements, one item in seven without
 * a code, one item under two parents, and associations of several kinds. Deterministic: the same options
 * give the same package.
 */

export interface SampleOptions {
  /** How many CFItems (at least 4). */
  items: number;
  /** The CFDocument identifier's last part: two samples with the same one are versions of one framework. */
  documentNumber?: number;
  /** Added to every statement: a next version with every text changed. */
  suffix?: string;
}

const BASE = 'https://kaders.example.nl/ims/case/v1p1';
const AT = '2026-09-01T08:00:00+00:00';

/** A UUID (version 4 form) from a kind digit and a number. */
export function sampleUuid(kind: number, number: number): string {
  const tail = number.toString(16).padStart(12, '0');
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${tail}`;
}

const STATEMENTS = [
  'Stelt een **werkplanning** op en bewaakt die',
  'Communiceert met de zorgvrager — ook in het Frysk, Türkçe of العربية',
  'Werkt _veilig_ en volgens protocol:\n- handen wassen\n- handschoenen',
  'Reflecteert op het eigen handelen 🎓 en vraagt feedback',
  'Zorgt voor een schone, ordelijke werkplek (5S) — “netjes” is de norm',
];

export function samplePackage(options: SampleOptions): CfPackage {
  const documentId = sampleUuid(0xd0c, options.documentNumber ?? 1);
  const documentUri = `${BASE}/CFDocuments/${documentId}`;
  const suffix = options.suffix ?? '';
  const items: CfItem[] = [];
  const associations: CfAssociation[] = [];
  let associationNumber = 0;
  const link = (
    type: CfAssociation['associationType'],
    origin: CfItem,
    destination: { title: string; identifier: string; uri: string },
    sequenceNumber?: number,
  ) => {
    associationNumber++;
    const identifier = sampleUuid(0xa55, associationNumber);
    associations.push({
      identifier,
      associationType: type,
      ...(sequenceNumber === undefined ? {} : { sequenceNumber }),
      uri: `${BASE}/CFAssociations/${identifier}`,
      originNodeURI: {
        title: origin.fullStatement.slice(0, 60),
        identifier: origin.identifier,
        uri: origin.uri,
      },
      destinationNodeURI: destination,
      lastChangeDateTime: AT,
    });
  };
  const linkOf = (item: CfItem) => ({
    title: item.fullStatement.slice(0, 60),
    identifier: item.identifier,
    uri: item.uri,
  });
  const make = (code: string | null, statement: string, type: string): CfItem => {
    const number = items.length + 1;
    const identifier = sampleUuid(0x17e, number);
    const item: CfItem = {
      identifier,
      uri: `${BASE}/CFItems/${identifier}`,
      fullStatement: `${statement}${suffix}`,
      ...(code !== null && number % 7 !== 0 ? { humanCodingScheme: code } : {}),
      CFItemType: type,
      language: 'nl',
      ...(number % 5 === 0
        ? { notes: `Toelichting bij ${code ?? 'dit onderdeel'}.\n\nZie ook het dossier.` }
        : {}),
      ...(number % 11 === 0 ? { educationLevel: ['MBO-3', 'MBO-4'] } : {}),
      lastChangeDateTime: AT,
    };
    items.push(item);
    return item;
  };
  const total = Math.max(4, options.items);
  const documentLink = { title: 'Voorbeeldkader', identifier: documentId, uri: documentUri };
  // Shape: K kerntaken, each with groups of werkprocessen, each werkproces with criteria: ~1 + 2 + 4×(1+3).
  let k = 0;
  let lastProcess: CfItem | null = null;
  let firstProcess: CfItem | null = null;
  while (items.length < total) {
    k++;
    const kerntaak = make(`B1-K${k}`, `Kerntaak ${k}: ${STATEMENTS[k % STATEMENTS.length]}`, 'Kerntaak');
    link('isChildOf', kerntaak, documentLink, k);
    for (let g = 1; g <= 2 && items.length < total; g++) {
      const group = make(`B1-K${k}-G${g}`, `Groep ${g} van kerntaak ${k}`, 'Werkprocesgroep');
      link('isChildOf', group, linkOf(kerntaak), g);
      for (let w = 1; w <= 4 && items.length < total; w++) {
        const code = `B1-K${k}-W${(g - 1) * 4 + w}`;
        const process = make(code, STATEMENTS[(k + w) % STATEMENTS.length] as string, 'Werkproces');
        link('isChildOf', process, linkOf(group), w * 10);
        if (lastProcess) link('precedes', lastProcess, linkOf(process));
        firstProcess ??= process;
        lastProcess = process;
        for (let c = 1; c <= 3 && items.length < total; c++) {
          const criterion = make(`${code}-C${c}`, `Criterium ${c}: laat zien dat het lukt`, 'Criterium');
          link('isChildOf', criterion, linkOf(process), c);
        }
      }
    }
  }
  // One werkproces also under the first kerntaak's second group (an item under two parents), and a few
  // associations of other kinds, one of them to another framework.
  const second = items.find((item) => item.CFItemType === 'Werkprocesgroep' && item !== items[1]);
  if (firstProcess && second) link('isChildOf', firstProcess, linkOf(second), 99);
  if (firstProcess && lastProcess && firstProcess !== lastProcess) {
    link('isRelatedTo', firstProcess, linkOf(lastProcess));
    link('exactMatchOf', lastProcess, {
      title: 'Elders',
      identifier: sampleUuid(0xe1, 1),
      uri: 'https://elders.example.org/ims/case/v1p1/CFItems/1',
    });
  }
  return {
    CFDocument: {
      identifier: documentId,
      uri: documentUri,
      caseVersion: '1.1',
      frameworkType: 'Voorbeeld',
      creator: 'Groeipad tests',
      title: 'Voorbeeldkader',
      lastChangeDateTime: AT,
      publisher: 'Groeipad',
      description: 'Een kader om mee te testen: *Markdown*, Unicode (ÅÉÎ, 日本語) en codes.',
      subject: ['Zorg en welzijn'],
      language: 'nl',
      version: '1.0',
      adoptionStatus: 'Adopted',
      statusStartDate: '2026-08-01',
      licenseURI: {
        title: 'CC BY 4.0',
        identifier: sampleUuid(0x11c, 1),
        uri: 'https://creativecommons.org/licenses/by/4.0/',
      },
      notes: 'Gemaakt door samplePackage.',
    },
    CFItems: items,
    CFAssociations: associations,
    CFDefinitions: {
      CFItemTypes: [
        {
          identifier: sampleUuid(0x7e, 1),
          uri: `${BASE}/CFItemTypes/${sampleUuid(0x7e, 1)}`,
          title: 'Werkproces',
          description: 'Een werkproces van een kerntaak',
          hierarchyCode: '3',
          lastChangeDateTime: AT,
        },
      ],
    },
  };
}
