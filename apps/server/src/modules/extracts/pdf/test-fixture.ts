import { deflateSync } from 'node:zlib';
import type { Criterion, FormContent, Rgb } from '@groeipad/core';
import type { EvaluationView, ExtractSettings } from './model.ts';

/**
 * A realistic extract input for tests and the benchmark: a care-assistant trajectory with clusters,
 * sub-clusters and `count` competences, about two thirds scored, some achieved, descriptions with
 * the editor's markup.
 */

export const TEN_COLOURS: Rgb[] = [
  [224, 49, 49],
  [245, 159, 0],
  [250, 204, 21],
  [116, 184, 22],
  [47, 158, 68],
  [25, 113, 194],
  [112, 72, 232],
  [134, 142, 150],
  [12, 166, 120],
  [73, 80, 87],
];

export function extractSettings(overrides: Partial<ExtractSettings> = {}): ExtractSettings {
  return {
    level: 3,
    title: 'Voortgangsrapport beroepspraktijkvorming',
    subtitle: 'Verzorgende IG, mbo-niveau 3 — schooljaar 2025-2026',
    addressLine1: 'Demoschool De Groeiboom',
    addressLine2: 'Schoolstraat 1, 1234 AB Utrecht',
    studentNamePath: 'Student.Naam',
    showAchieved: true,
    showScoreChart: true,
    showRemarks: true,
    chartVariant: 'new',
    scoreColours: TEN_COLOURS,
    ...overrides,
  };
}

const CLUSTERS = [
  'Communicatie en samenwerking',
  'Zorg en begeleiding',
  'Veiligheid en hygiëne',
  'Professionele houding',
  'Planning en organisatie',
  'Rapportage en overdracht',
  'Gezondheid en welzijn',
  'Ethiek en wetgeving',
];
const SUBS = ['Kennis', 'Vaardigheden', 'Houding'];
const VERBS = [
  'Voert een gesprek met',
  'Signaleert veranderingen bij',
  'Ondersteunt',
  'Rapporteert over',
  'Werkt samen met',
  'Informeert',
  'Begeleidt',
  'Overlegt met',
];
const OBJECTS = [
  'de zorgvrager en diens naasten',
  'collega’s in het multidisciplinaire team',
  'de praktijkopleider',
  'de zorgvrager bij de persoonlijke verzorging',
  'familie over het zorgplan',
  'nieuwe collega’s tijdens de dienst',
];

/** A deterministic pseudo-random sequence, so every run draws the same report. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The remarks a teacher wrote on competence `index`: a line, or a paragraph every 24th. */
export function remarksOf(index: number): string {
  const line = `Opmerking ${index}: goed gesprek gevoerd, vraagt nog te weinig door bij de zorgvrager.`;
  return index % 24 === 0
    ? `${line}\nVolgende periode oefenen met open vragen en samenvatten; de praktijkopleider kijkt mee tijdens twee diensten en bespreekt het daarna met de student.`
    : line;
}

export function competenceTree(count: number, scaleSize = 5): Criterion[] {
  const random = sequence(count * 31 + scaleSize);
  const clusters = CLUSTERS.slice(0, Math.max(1, Math.min(CLUSTERS.length, Math.ceil(count / 25))));
  const perSub = Math.ceil(count / (clusters.length * SUBS.length));
  let made = 0;
  return clusters.map((clusterName, clusterIndex) => ({
    type: 'cluster' as const,
    uuid: `c${clusterIndex}`,
    name: clusterName,
    info: '',
    labels: [],
    subsections: SUBS.map((subName, subIndex) => {
      const subsections: Criterion[] = [];
      for (let index = 0; index < perSub && made < count; index++, made++) {
        const roll = random();
        const scored = roll < 0.7;
        const score = scored ? 1 + Math.floor(random() * scaleSize) : 0;
        const month = 1 + Math.floor(random() * 12);
        const day = 1 + Math.floor(random() * 28);
        const verb = VERBS[made % VERBS.length] ?? '';
        const object = OBJECTS[(made * 7) % OBJECTS.length] ?? '';
        subsections.push({
          type: 'competence',
          uuid: `k${made}`,
          name: `${verb} ${object}${made % 9 === 0 ? ', ook in onverwachte of complexe situaties waarin snel gehandeld moet worden' : ''}`,
          info:
            made % 3 === 0
              ? '<p>De student <strong>laat zien</strong> dat hij of zij dit <em>zelfstandig</em> kan.</p><ul><li>observeert en vraagt door</li><li>legt afspraken vast in het dossier</li></ul>'
              : '<p>Beschrijving &amp; criteria volgens het kwalificatiedossier (zie <a href="https://example.org/kd">kd</a>).</p>',
          labels: [],
          properties: {},
          latestProperties: {
            score: scored ? String(score) : '',
            achieved: scored ? (score >= Math.ceil(scaleSize / 2) ? 'true' : 'false') : '',
            date: scored ? `${pad(day)}/${pad(month)}/2025` : '',
            // Every fourth scored competence has remarks, now and then a long one.
            ...(scored && made % 4 === 0 ? { remarks: remarksOf(made) } : {}),
          },
        });
      }
      return {
        type: 'cluster' as const,
        uuid: `c${clusterIndex}-${subIndex}`,
        name: subName,
        info: '',
        labels: [],
        subsections,
      };
    }),
  }));
}

const SCALE = [
  'Onvoldoende',
  'Matig',
  'Voldoende',
  'Goed',
  'Uitstekend',
  'Zes',
  'Zeven',
  'Acht',
  'Negen',
  'Tien',
];

export function evaluationView(count: number, scaleSize = 5): EvaluationView {
  return {
    criteria: competenceTree(count, scaleSize),
    minScore: 1,
    maxScore: scaleSize,
    scoreNames: SCALE.slice(0, scaleSize),
    scoreColours: SCALE.slice(0, scaleSize).map(() => '#ffd700'),
    scoreInfo: SCALE.slice(0, scaleSize).map(() => ''),
  };
}

/** An information form with the student's name in a group, as `Student.Naam`. */
export function informationForm(name: string): FormContent {
  return {
    fields: [
      {
        uuid: 'g1',
        name: 'Student',
        type: 'group',
        required: false,
        collapsed: false,
        children: [
          { uuid: 'f1', name: 'Naam', type: 'text', required: true },
          { uuid: 'f2', name: 'Klas', type: 'text', required: false },
        ],
      },
    ],
    values: { f1: name, f2: 'VZ3A' },
  };
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small school logo as a real PNG: a green tree-like disc with a trunk on white. */
export function logoPng(width = 160, height = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const crown = (x - 32) ** 2 + (y - 24) ** 2 < 20 ** 2;
      const trunk = x >= 29 && x <= 35 && y >= 36 && y <= 58;
      const bar = x >= 64 && x <= 150 && ((y >= 20 && y <= 28) || (y >= 36 && y <= 42));
      const colour = crown ? [47, 158, 68] : trunk ? [120, 80, 40] : bar ? [28, 79, 130] : null;
      if (colour) row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
