import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { zCompetenceListContent } from '../contract/blueprints.ts';
import type { CfPackage } from '../contract/case.ts';
import { packageFromList } from './export.ts';
import { MBO_TEMPLATE_EXAMPLE, packageFromMboRows } from './mbo.ts';
import { readCasePackage } from './read.ts';
import { samplePackage } from './samples.ts';
import { treeFromPackage } from './tree.ts';
import { frameworkChanges, frameworkCounts, nextVersion } from './versions.ts';

/** UUID v5 as the server makes it (tests only need a stable, well-formed one). */
const nameUuid = (name: string) => {
  const hex = createHash('sha1').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const root = join(import.meta.dirname, '../../../..');
const schema = JSON.parse(
  readFileSync(join(root, 'packages/core/case-schema/case-v1p1-cfpackage.json'), 'utf8'),
);
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** Objects with sorted keys, items and associations by identifier: two packages saying the same are equal. */
function normalised(pkg: unknown): unknown {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sort((value as Record<string, unknown>)[key])]),
      );
    return value;
  };
  const copy = structuredClone(pkg) as CfPackage;
  copy.CFItems = [...copy.CFItems].sort((a, b) => a.identifier.localeCompare(b.identifier));
  copy.CFAssociations = [...copy.CFAssociations].sort((a, b) => a.identifier.localeCompare(b.identifier));
  return sort(copy);
}

const OPTIONS = {
  name: 'Lijst',
  identifier: nameUuid('list:1'),
  creator: 'Groeipad',
  baseUrl: 'https://groeipad.example.nl',
  changedAt: '2026-12-07T10:00:00+00:00',
  nameUuid,
};

function importExport(raw: unknown) {
  const read = readCasePackage(raw);
  expect(read.problems).toEqual([]);
  const pkg = read.package as CfPackage;
  const { content, problems } = treeFromPackage(pkg, nameUuid);
  expect(problems).toEqual([]);
  // What is stored passes the competence list's own schema (D3 and the limits).
  const stored = zCompetenceListContent.parse(JSON.parse(JSON.stringify(content)));
  return { pkg, content: stored, exported: packageFromList(stored, OPTIONS) };
}

const fixtureDir = join(root, 'fixtures/case');
const fixtures = readdirSync(fixtureDir).filter((name) => name.endsWith('.json'));

describe('CASE round trip (D56)', () => {
  const cases: [string, unknown][] = [
    ...fixtures.map((name): [string, unknown] => [
      name,
      JSON.parse(readFileSync(join(fixtureDir, name), 'utf8')),
    ]),
    ['sample of 12 items', samplePackage({ items: 12 })],
    ['sample of 200 items', samplePackage({ items: 200 })],
    ['sample of 5,000 items', samplePackage({ items: 5000 })],
  ];

  it.each(cases)('%s: imports, exports the same package, valid against the CASE 1.1 schema', (_name, raw) => {
    const { pkg, exported } = importExport(raw);
    expect(normalised(exported)).toEqual(normalised(pkg));
    const valid = validate(exported);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // …and importing the export gives the same tree.
    expect(importExport(exported).content).toEqual(importExport(raw).content);
  });

  it('every fixture of the repository is in the round trip (at least the two public ones)', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps identifiers as uuids, codes, sequenceNumber order, criteria under their competence', () => {
    const { content } = importExport(samplePackage({ items: 40 }));
    const kerntaak = content.competences[0]!;
    expect(kerntaak.uuid).toBe('0000017e-0000-4000-8000-000000000001');
    expect(kerntaak.code).toBe('B1-K1');
    const group = kerntaak.subcompetences[0]!;
    const processes = group.subcompetences;
    // sequence numbers 10, 20, 30, 40 in the package: their order kept.
    // …and one item in seven (here the seventh, W2) came without a code.
    expect(processes.map((p) => p.code ?? '(none)')).toEqual(['B1-K1-W1', '(none)', 'B1-K1-W3', 'B1-K1-W4']);
    expect(processes[0]!.criteria?.map((c) => c.code)).toEqual(['B1-K1-W1-C1', 'B1-K1-W1-C2', 'B1-K1-W1-C3']);
    expect(processes[0]!.case?.CFItemType).toBe('Werkproces');
    expect(frameworkCounts(content.competences)).toEqual({
      clusters: 2,
      subClusters: 3,
      competences: 9,
      criteria: 26,
    });
  });

  it('pads a package of fewer levels with a cluster and sub-cluster named after its document', () => {
    const pkg = samplePackage({ items: 12 });
    const flat: CfPackage = {
      ...pkg,
      CFItems: pkg.CFItems.slice(0, 3),
      CFAssociations: pkg.CFItems.slice(0, 3).map((item, index) => ({
        identifier: nameUuid(`a${index}`),
        associationType: 'isChildOf' as const,
        sequenceNumber: index + 1,
        uri: `urn:a${index}`,
        originNodeURI: { title: 'x', identifier: item.identifier, uri: item.uri },
        destinationNodeURI: { title: 'doc', identifier: pkg.CFDocument.identifier, uri: pkg.CFDocument.uri },
        lastChangeDateTime: '2026-01-01T00:00:00Z',
      })),
    };
    const { content, exported } = importExport(flat);
    expect(content.framework?.padding).toBe(2);
    expect(content.competences).toHaveLength(1);
    expect(content.competences[0]!.description).toBe('Voorbeeldkader');
    expect(content.competences[0]!.subcompetences[0]!.subcompetences.map((c) => c.uuid)).toEqual(
      flat.CFItems.map((item) => item.identifier),
    );
    expect(normalised(exported)).toEqual(normalised(flat));
  });

  it('refuses a circle, duplicate identifiers and an empty package, naming the path', () => {
    const pkg = samplePackage({ items: 12 });
    const first = pkg.CFItems[0]!;
    const child = pkg.CFItems[1]!;
    const circle: CfPackage = {
      ...pkg,
      CFAssociations: pkg.CFAssociations.map((association) =>
        association.originNodeURI.identifier === first.identifier &&
        association.associationType === 'isChildOf'
          ? {
              ...association,
              destinationNodeURI: { title: 'c', identifier: child.identifier, uri: child.uri },
            }
          : association,
      ),
    };
    expect(treeFromPackage(circle, nameUuid).problems).toEqual([
      {
        row: null,
        column: expect.stringMatching(/^CFAssociations\.\d+\.destinationNodeURI$/),
        key: 'invalidValue',
      },
    ]);
    const twice: CfPackage = { ...pkg, CFItems: [...pkg.CFItems, pkg.CFItems[0]!] };
    expect(treeFromPackage(twice, nameUuid).problems).toEqual([
      { row: null, column: `CFItems.${pkg.CFItems.length}.identifier`, key: 'duplicate' },
    ]);
    expect(treeFromPackage({ ...pkg, CFItems: [], CFAssociations: [] }, nameUuid).problems).toEqual([
      { row: null, column: 'CFItems', key: 'required' },
    ]);
  });

  it('reads what the model refuses as problems at their paths', () => {
    const pkg = samplePackage({ items: 4 }) as unknown as Record<string, unknown>;
    const items = pkg.CFItems as Record<string, unknown>[];
    items[2] = { ...items[2], fullStatement: '' };
    const read = readCasePackage({ ...pkg, CFDocument: { ...(pkg.CFDocument as object), title: 7 } });
    expect(read.problems).toEqual(
      expect.arrayContaining([
        { row: null, column: 'CFDocument.title', key: 'invalidValue' },
        { row: null, column: 'CFItems.2.fullStatement', key: 'required' },
      ]),
    );
  });

  it('takes a CASE 1.0 package: 1.0-only links dropped, nulls absent, zone-less date-times in UTC', () => {
    const read = readCasePackage({
      CFDocument: {
        identifier: 'd1',
        uri: 'u',
        creator: 'c',
        title: 't',
        lastChangeDateTime: '2017-01-01T10:00:00',
        CFPackageURI: { title: 'p', identifier: 'p', uri: 'p' },
        notes: null,
      },
      CFItems: [
        {
          identifier: 'i1',
          uri: 'u',
          fullStatement: 's',
          lastChangeDateTime: '2017-01-01T10:00:00',
          CFDocumentURI: { title: 'd', identifier: 'd1', uri: 'u' },
        },
      ],
      CFAssociations: [
        {
          identifier: 'a1',
          associationType: 'isChildOf',
          sequenceNumber: '3',
          uri: 'u',
          originNodeURI: { title: 'i', identifier: 'i1', uri: 'u' },
          destinationNodeURI: { title: 'd', identifier: 'd1', uri: 'u' },
          lastChangeDateTime: '2017-01-01T10:00:00+00:00',
        },
      ],
    });
    expect(read.problems).toEqual([]);
    expect(read.package?.CFDocument.lastChangeDateTime).toBe('2017-01-01T10:00:00Z');
    expect(read.package?.CFAssociations[0]?.sequenceNumber).toBe(3);
    expect(read.package?.CFDocument).not.toHaveProperty('CFPackageURI');
  });

  it('exports a list made here with identifiers of its own, valid and importable as the same tree', () => {
    const content = zCompetenceListContent.parse({
      competences: [
        {
          uuid: 'c1',
          description: 'Communicatie',
          subcompetences: [
            {
              uuid: 'c1.1',
              description: 'Mondeling',
              subcompetences: [
                { uuid: '1b0f4a0e-8a4e-4f4e-9a4e-0a4e4a4e4a4e', description: 'Presenteert', code: 'M1' },
              ],
            },
          ],
        },
      ],
    });
    const exported = packageFromList(content, OPTIONS);
    expect(validate(exported)).toBe(true);
    expect(exported.CFDocument.title).toBe('Lijst');
    expect(exported.CFItems.map((item) => item.CFItemType)).toEqual(['Cluster', 'Subcluster', 'Competentie']);
    // A uuid that is no UUID gets one derived from it, and the next version maps it back.
    const back = importExport(exported).content;
    const again = nextVersion(content, back, nameUuid);
    expect(again.competences[0]!.uuid).toBe('c1');
    expect(again.competences[0]!.subcompetences[0]!.subcompetences[0]!.uuid).toBe(
      '1b0f4a0e-8a4e-4f4e-9a4e-0a4e4a4e4a4e',
    );
    expect(frameworkChanges(content.competences, again.competences)).toEqual([]);
  });
});

describe('criteria in a competence list (D56)', () => {
  const nested = (depth: number): object[] =>
    depth === 0 ? [] : [{ uuid: `k${depth}`, description: 'Criterium', criteria: nested(depth - 1) }];
  const list = (competence: object, cluster: object = {}) => ({
    competences: [
      {
        uuid: 'c',
        description: 'Cluster',
        ...cluster,
        subcompetences: [
          {
            uuid: 's',
            description: 'Sub',
            subcompetences: [{ uuid: 'k', description: 'Competentie', ...competence }],
          },
        ],
      },
    ],
  });
  const issues = (content: object) =>
    zCompetenceListContent
      .safeParse(content)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('hang under a competence, eight levels deep at most', () => {
    expect(issues(list({ criteria: nested(8) }))).toEqual([]);
    expect(issues(list({ criteria: nested(9) }))).toEqual([
      ['competences.0.subcompetences.0.subcompetences.0.criteria', 'tooDeep'],
    ]);
  });

  it('are refused on a cluster', () => {
    expect(issues(list({}, { criteria: nested(1) }))).toEqual([['competences.0.criteria', 'invalidValue']]);
  });
});

describe('MBO qualification files (D56)', () => {
  const HEADER = ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'];
  const options = { nameUuid, now: '2026-12-07T10:00:00Z', fallbackName: 'Dossier', creator: 'ROC' };

  it('the template becomes basisdeel/profieldeel → kerntaak → werkproces with criteria, named after the dossier', () => {
    const result = packageFromMboRows([HEADER, ...MBO_TEMPLATE_EXAMPLE], options);
    expect(result.problems).toEqual([]);
    const pkg = result.package as CfPackage;
    expect(validate(pkg)).toBe(true);
    const { content } = treeFromPackage(pkg, nameUuid);
    expect(content.framework.padding).toBe(0);
    expect(content.framework.document.title).toBe('Verzorgende-IG');
    const [basis, profile] = content.competences;
    expect(basis?.code).toBe('B1');
    expect(profile?.code).toBe('P1');
    const process = basis!.subcompetences[0]!.subcompetences[0]!;
    expect(process.code).toBe('B1-K1-W1');
    expect(process.criteria?.[0]?.code).toBe('B1-K1-W1-C1');
    expect(basis!.subcompetences[0]!.subcompetences.map((c) => c.code)).toEqual(['B1-K1-W1', 'B1-K1-W2']);
    // The same file again gives the same identifiers: its next version keeps every score by code.
    const again = packageFromMboRows([HEADER, ...MBO_TEMPLATE_EXAMPLE], {
      ...options,
      now: '2027-01-01T00:00:00Z',
    });
    expect(again.package?.CFItems.map((item) => item.identifier)).toEqual(
      pkg.CFItems.map((item) => item.identifier),
    );
    expect(again.package?.CFDocument.identifier).toBe(pkg.CFDocument.identifier);
  });

  it('names every bad row by its number and column, and makes nothing', () => {
    const rows = [
      HEADER,
      ['25655', 'Dossier', 'kwalificatiedossier', '', ''],
      ['B1', 'Basis', 'basisdeel', '', ''],
      ['B1-K1', 'Kerntaak', 'kerntaak', 'B1', ''],
      ['B1-K1-W1', '', 'werkproces', 'B1-K1', ''], // 5: no title
      ['B1-K1-W2', 'Twee', 'werkprocess', 'B1-K1', ''], // 6: kind misspelt
      ['B1-K1-W3', 'Drie', 'werkproces', 'B9', ''], // 7: unknown parent
      ['B1-K1-W4', 'Vier', 'werkproces', 'B1', ''], // 8: a werkproces under a basisdeel
      ['B1-K1', 'Dubbel', 'kerntaak', 'B1', ''], // 9: code used before
      ['', 'Zonder code', 'criterium', 'B1-K1-W3', ''], // 10: no code
      ['', '', '', '', ''], // an empty row is skipped
      ['K2', 'Kerntaak zonder deel', 'kerntaak', '', ''], // 12: a kerntaak needs a parent
    ];
    expect(packageFromMboRows(rows, options).problems).toEqual([
      { row: 5, column: 'title', key: 'required' },
      { row: 6, column: 'kind', key: 'invalidValue' },
      { row: 10, column: 'code', key: 'required' },
      { row: 9, column: 'code', key: 'duplicate' },
      { row: 7, column: 'parentCode', key: 'unknownParent' },
      { row: 8, column: 'parentCode', key: 'wrongParent' },
      { row: 12, column: 'parentCode', key: 'required' },
    ]);
  });

  it('a file without a dossier row is named after the list', () => {
    const rows = MBO_TEMPLATE_EXAMPLE.slice(1).map((row) =>
      row[3] === '25655' ? [...row.slice(0, 3), ''] : row,
    );
    const result = packageFromMboRows(rows, { ...options, fallbackName: 'Mijn dossier' });
    expect(result.problems).toEqual([]);
    expect(result.package?.CFDocument.title).toBe('Mijn dossier');
    expect(result.package?.CFDocument.identifier).toBe(nameUuid('mbo:Mijn dossier'));
  });
});

describe('a framework’s next version (D56)', () => {
  const v1 = () => importExport(samplePackage({ items: 40 })).content;

  it('names what was added, removed, changed and moved, by identifier', () => {
    const before = v1();
    const pkg = samplePackage({ items: 40 });
    const renamed = pkg.CFItems[2]!; // the first werkproces
    renamed.fullStatement = 'Nieuwe tekst';
    // Remove the last werkproces's last criterion and add a new werkproces.
    const removed = pkg.CFItems.at(-1)!;
    pkg.CFItems = pkg.CFItems.slice(0, -1);
    pkg.CFAssociations = pkg.CFAssociations.filter((a) => a.originNodeURI.identifier !== removed.identifier);
    const group = pkg.CFItems[1]!;
    pkg.CFItems.push({
      ...pkg.CFItems[2]!,
      identifier: nameUuid('new'),
      humanCodingScheme: 'B1-K1-W9',
      fullStatement: 'Nieuw',
    });
    pkg.CFAssociations.push({
      ...pkg.CFAssociations[0]!,
      identifier: nameUuid('new-link'),
      originNodeURI: { title: 'Nieuw', identifier: nameUuid('new'), uri: 'u' },
      destinationNodeURI: { title: 'g', identifier: group.identifier, uri: group.uri },
      sequenceNumber: 99,
    });
    // Move the second werkproces to the second group.
    const moved = pkg.CFItems[6]!;
    const otherGroup = pkg.CFItems.find((item) => item.humanCodingScheme === 'B1-K1-G2')!;
    pkg.CFAssociations = pkg.CFAssociations.map((a) =>
      a.originNodeURI.identifier === moved.identifier && a.associationType === 'isChildOf'
        ? {
            ...a,
            destinationNodeURI: { title: 'g2', identifier: otherGroup.identifier, uri: otherGroup.uri },
          }
        : a,
    );
    const after = nextVersion(before, treeFromPackage(pkg, nameUuid).content, nameUuid);
    const changes = frameworkChanges(before.competences, after.competences);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'changed',
          uuid: renamed.identifier,
          level: 'competence',
          name: 'B1-K1-W1 Nieuwe tekst',
        }),
        expect.objectContaining({
          kind: 'added',
          uuid: nameUuid('new'),
          level: 'competence',
          name: 'B1-K1-W9 Nieuw',
        }),
        expect.objectContaining({ kind: 'removed', uuid: removed.identifier, level: 'criterion' }),
        expect.objectContaining({ kind: 'moved', uuid: moved.identifier, level: 'competence' }),
      ]),
    );
    expect(changes).toHaveLength(4);
  });

  it('replacedBy and exactMatchOf carry a removed competence’s scores to its successor', () => {
    const before = v1();
    const pkg = samplePackage({ items: 40 });
    const [gone, goneToo] = pkg.CFItems.filter((item) => item.CFItemType === 'Werkproces').slice(0, 2);
    const drop = new Set([gone!.identifier, goneToo!.identifier]);
    // Their criteria go with them.
    const children = new Set(
      pkg.CFAssociations.filter((a) => drop.has(a.destinationNodeURI.identifier)).map(
        (a) => a.originNodeURI.identifier,
      ),
    );
    pkg.CFItems = pkg.CFItems.filter((item) => !drop.has(item.identifier) && !children.has(item.identifier));
    pkg.CFAssociations = pkg.CFAssociations.filter(
      (a) =>
        !drop.has(a.originNodeURI.identifier) &&
        !children.has(a.originNodeURI.identifier) &&
        !drop.has(a.destinationNodeURI.identifier),
    );
    const group = pkg.CFItems[1]!;
    for (const [n, old, type] of [
      [1, gone!, 'replacedBy'],
      [2, goneToo!, 'exactMatchOf'],
    ] as const) {
      const identifier = nameUuid(`successor${n}`);
      pkg.CFItems.push({ ...old, identifier, humanCodingScheme: `N${n}`, fullStatement: `Opvolger ${n}` });
      pkg.CFAssociations.push({
        ...pkg.CFAssociations[0]!,
        identifier: nameUuid(`successor-link${n}`),
        originNodeURI: { title: 'n', identifier, uri: 'u' },
        destinationNodeURI: { title: 'g', identifier: group.identifier, uri: group.uri },
      });
      const ends =
        type === 'replacedBy'
          ? {
              originNodeURI: { title: 'o', identifier: old.identifier, uri: 'u' },
              destinationNodeURI: { title: 'n', identifier, uri: 'u' },
            }
          : {
              originNodeURI: { title: 'n', identifier, uri: 'u' },
              destinationNodeURI: { title: 'o', identifier: old.identifier, uri: 'u' },
            };
      pkg.CFAssociations.push({
        ...pkg.CFAssociations[0]!,
        identifier: nameUuid(`type${n}`),
        associationType: type,
        ...ends,
      });
    }
    const after = nextVersion(before, treeFromPackage(pkg, nameUuid).content, nameUuid);
    const processes = after.competences.flatMap((k) => k.subcompetences.flatMap((g) => g.subcompetences));
    expect(processes.find((p) => p.uuid === nameUuid('successor1'))?.formerUuids).toEqual([gone!.identifier]);
    expect(processes.find((p) => p.uuid === nameUuid('successor2'))?.formerUuids).toEqual([
      goneToo!.identifier,
    ]);
    const removed = frameworkChanges(before.competences, after.competences).filter(
      (change) => change.kind === 'removed' && change.level === 'competence',
    );
    expect(removed.map((change) => change.successor)).toEqual(['N1 Opvolger 1', 'N2 Opvolger 2']);
    // The formerUuids survive the next version too (a trajectory two versions behind still finds them).
    const third = nextVersion(after, treeFromPackage(pkg, nameUuid).content, nameUuid);
    const kept = third.competences.flatMap((k) => k.subcompetences.flatMap((g) => g.subcompetences));
    expect(kept.find((p) => p.uuid === nameUuid('successor1'))?.formerUuids).toEqual([gone!.identifier]);
  });
});
