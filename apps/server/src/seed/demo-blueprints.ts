import { randomUUID } from 'node:crypto';
import {
  type BlueprintType,
  defaultAdminRole,
  type Field,
  type JsonValue,
  type TrajectoryRole,
} from '@groeipad/core';
import type { Actor } from '../actor.ts';
import type { Db } from '../db/database.ts';
import { insertNewBlueprint } from '../modules/blueprints/index.ts';

/** A competence tree of the demo: cluster → sub-cluster → competences (D3). */
const COMPETENCES: [string, [string, string[]][]][] = [
  [
    'Kerntaak 1: Bieden van zorg en ondersteuning',
    [
      [
        'Zorgplan en observatie',
        [
          'Inventariseert de zorgvraag van de cliënt',
          'Stelt samen met de cliënt het zorgplan op',
          'Observeert en signaleert veranderingen',
          'Rapporteert over de zorgverlening',
        ],
      ],
      [
        'Zorg verlenen',
        [
          'Ondersteunt bij persoonlijke verzorging',
          'Voert verpleegtechnische handelingen uit',
          'Ondersteunt bij medicatie volgens protocol',
          'Handelt in onvoorziene en crisissituaties',
          'Past ergonomische principes toe',
        ],
      ],
      [
        'Begeleiden en informeren',
        [
          'Begeleidt de cliënt bij dagelijkse activiteiten',
          'Geeft voorlichting en advies',
          'Betrekt het netwerk van de cliënt',
        ],
      ],
    ],
  ],
  [
    'Kerntaak 2: Werken in de organisatie',
    [
      [
        'Samenwerken',
        [
          'Stemt werkzaamheden af met collega’s',
          'Werkt samen met andere disciplines',
          'Draagt het werk over bij wisseling van dienst',
          'Geeft en ontvangt collegiale feedback',
        ],
      ],
      [
        'Werk organiseren',
        [
          'Plant de eigen werkzaamheden',
          'Stelt prioriteiten bij onverwachte situaties',
          'Werkt in het elektronisch cliëntdossier',
        ],
      ],
      [
        'Kwaliteit en veiligheid',
        [
          'Werkt volgens protocollen en hygiënevoorschriften',
          'Draagt bij aan de kwaliteitszorg',
          'Werkt aan de eigen deskundigheid',
        ],
      ],
    ],
  ],
  [
    'Beroepshouding',
    [
      [
        'Professioneel gedrag',
        [
          'Komt afspraken na en is op tijd',
          'Gaat vertrouwelijk om met informatie',
          'Toont respect voor de cliënt en diens waarden',
          'Neemt verantwoordelijkheid voor het eigen handelen',
        ],
      ],
      [
        'Reflectie en ontwikkeling',
        [
          'Reflecteert op het eigen handelen',
          'Vraagt om feedback en gebruikt die',
          'Formuleert eigen leerdoelen',
          'Bewaakt de eigen grenzen en werkdruk',
        ],
      ],
    ],
  ],
];

function competences(): JsonValue {
  return COMPETENCES.map(([cluster, subclusters], c) => ({
    uuid: randomUUID(),
    description: cluster,
    labels: [c < 2 ? `Kerntaak ${c + 1}` : 'Beroepshouding'],
    info: `<p>${cluster} uit het kwalificatiedossier <strong>Verzorgende IG</strong> (mbo-niveau 3).</p>`,
    subcompetences: subclusters.map(([name, items]) => ({
      uuid: randomUUID(),
      description: name,
      labels: [],
      info: '',
      subcompetences: items.map((description, i) => ({
        uuid: randomUUID(),
        description,
        labels: i % 2 === 0 ? ['BPV'] : ['BPV', 'School'],
        info: '<h3>Wat laat je zien?</h3><ul><li>Je werkt zelfstandig</li><li>Je licht je keuzes toe</li></ul>',
        subcompetences: [],
      })),
    })),
  }));
}

const field = (name: string, type: Field['type'], extra: Record<string, unknown> = {}) =>
  ({ uuid: randomUUID(), name, type, required: false, ...extra }) as unknown as Field;

const options = (values: string[]) => values.map((value) => ({ value, attachments: [] }));

/** The intake form: every one of the 14 field types, a nested group and a formula. */
function intakeFields(): Field[] {
  return [
    field('Naam', 'text', { required: true }),
    field('Geboortedatum', 'date', { required: true }),
    field('Leeftijd', 'calculation', { value: 'DATEDIF($Geboortedatum, NOW(), "Y")' }),
    field('Opleiding', 'select', {
      required: true,
      options: options([
        'Verzorgende IG (niveau 3)',
        'Maatschappelijke Zorg (niveau 3)',
        'Verpleegkundige (niveau 4)',
      ]),
    }),
    field('Werkdagen', 'multi_select', {
      options: options(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag']),
    }),
    field('VOG aanwezig', 'boolean'),
    field('Uren per week', 'integer'),
    field('Reistijd in uren', 'decimal'),
    field('Website leerbedrijf', 'url'),
    field('Leerbedrijf', 'group', {
      collapsed: false,
      children: [
        field('Naam leerbedrijf', 'text'),
        // Issue 31: the mentor invitation is prefilled from these two (the blueprint names them).
        field('Praktijkopleider', 'text', { holds: 'mentorName' }),
        field('E-mail praktijkopleider', 'text', { holds: 'mentorEmail' }),
        field('Contact', 'group', {
          collapsed: true,
          children: [field('Telefoon', 'text'), field('E-mail', 'text')],
        }),
      ],
    }),
    field('Motivatie', 'rating', {
      info: [
        { name: 'Laag', description: 'Weinig zin in de stage', colour: '#e03131' },
        { name: 'Gemiddeld', description: '', colour: '#f59f00' },
        { name: 'Hoog', description: 'Heeft er erg veel zin in', colour: '#2f9e44' },
      ],
    }),
    field('Niveaus', 'competence_list', {
      levels: [
        { level: 1, elements: ['Basis'] },
        { level: 2, elements: ['Gevorderd'] },
      ],
    }),
    field('Stageovereenkomst', 'upload'),
    field('Pasfoto', 'image'),
  ];
}

function reportFields(kind: 'progress' | 'final'): Field[] {
  return kind === 'progress'
    ? [
        field('Datum gesprek', 'date', { required: true }),
        field('Wat gaat al goed?', 'text'),
        field('Waar wil je in groeien?', 'text'),
        field('Welke afspraken maken we?', 'text'),
        field('Handtekening praktijkopleider', 'boolean'),
      ]
    : [
        field('Eindoordeel', 'select', {
          required: true,
          options: options(['Onvoldoende', 'Voldoende', 'Goed']),
        }),
        field('Toelichting', 'text'),
        field('Aantal gewerkte uren', 'integer'),
      ];
}

const SCORES = [
  { name: 'Nog niet', description: 'Laat het gedrag nog niet zien', colour: '#e03131' },
  { name: 'In ontwikkeling', description: 'Laat het gedrag soms zien, met hulp', colour: '#f59f00' },
  { name: 'Voldoende', description: 'Laat het gedrag zelfstandig zien', colour: '#74b816' },
  { name: 'Goed', description: 'Laat het gedrag zelfstandig en in nieuwe situaties zien', colour: '#2f9e44' },
];

const WRITE = { write: true, read: true, hidden: false };
const HIDDEN = { write: false, read: false, hidden: true };

/** The uuid of the field named `name` anywhere in the tree. */
function uuidOf(fields: readonly Field[], name: string): string {
  for (const entry of fields) {
    if (entry.name === name) return entry.uuid;
    if (entry.type === 'group') {
      const found = uuidOf(entry.children, name);
      if (found) return found;
    }
  }
  return '';
}

/**
 * Roles beside the default admin, so a newcomer sees field rights at work: the student reads the form
 * and writes their own motivation, working days, photo and contact details, but never sees whether a
 * VOG was handed in; the workplace mentor writes the workplace group and evaluates.
 */
function demoRoles(reportNames: string[], fields: readonly Field[]): TrajectoryRole[] {
  const admin = defaultAdminRole(reportNames, 'Docent');
  const student: TrajectoryRole = {
    name: 'Student',
    informationRights: {
      '': { write: false, read: true, hidden: false },
      [uuidOf(fields, 'Motivatie')]: WRITE,
      [uuidOf(fields, 'Werkdagen')]: WRITE,
      [uuidOf(fields, 'Pasfoto')]: WRITE,
      [uuidOf(fields, 'Contact')]: WRITE,
      [uuidOf(fields, 'VOG aanwezig')]: HIDDEN,
    },
    evaluationRights: { write: false, read: true },
    reportRights: Object.fromEntries(
      reportNames.map((n) => [n, { '': { write: false, read: true, hidden: false } }]),
    ),
    adminRights: { purchase: false, metadata: false, rights: false },
  };
  const mentor: TrajectoryRole = {
    name: 'Praktijkopleider',
    informationRights: {
      '': { write: false, read: true, hidden: false },
      [uuidOf(fields, 'Leerbedrijf')]: WRITE,
      [uuidOf(fields, 'VOG aanwezig')]: HIDDEN,
    },
    evaluationRights: { write: true, read: true },
    reportRights: Object.fromEntries(
      reportNames.map((n) => [n, { '': { admin: true, write: true, read: true, hidden: false } }]),
    ),
    adminRights: { purchase: false, metadata: false, rights: false },
  };
  return [admin, student, mentor];
}

/**
 * A complete Dutch example for the demo organisation (issue 7): an MBO work-placement trajectory
 * blueprint with 30 competences in three levels, an intake form with every field type, two report
 * blueprints, a dashboard and an extract blueprint, each linked at its version (D9).
 */
export async function seedDemoBlueprints(db: Db, actor: Actor, colleagues: string[]): Promise<void> {
  const rights = colleagues.map((user) => ({ user, rights: ['READ' as const] }));
  const create = (type: BlueprintType, name: string, description: string, content: JsonValue) =>
    insertNewBlueprint(db, actor, { type, name, description, userRights: rights, content });

  const tree = competences();
  const competenceList = await create(
    'COMPETENCE_LIST',
    'BPV-competenties Verzorgende IG',
    'Kerntaken en werkprocessen voor de beroepspraktijkvorming, mbo-niveau 3',
    { competences: tree },
  );
  const fields = intakeFields();
  const information = await create(
    'INFORMATION',
    'Intakeformulier BPV',
    'Gegevens van student en leerbedrijf',
    {
      fields: fields as unknown as JsonValue,
    },
  );
  const progress = reportFields('progress');
  const final = reportFields('final');
  const progressReport = await create(
    'REPORT',
    'Voortgangsgesprek',
    'Verslag van een gesprek tussen student, docent en praktijkopleider',
    {
      fields: progress as unknown as JsonValue,
    },
  );
  const finalReport = await create(
    'REPORT',
    'Eindbeoordeling',
    'Beoordeling aan het einde van de BPV-periode',
    {
      fields: final as unknown as JsonValue,
    },
  );
  const widgets: JsonValue[] = [
    { uuid: randomUUID(), name: 'Scores per competentie', type: 'evaluation_scores', cluster: null },
    { uuid: randomUUID(), name: 'Laatste beoordelingen', type: 'evaluation_history' },
  ];
  const dashboard = await create('DASHBOARD', 'Dashboard BPV', 'Scores en recente beoordelingen', {
    widgets,
  });
  await create('EXTRACT', 'Voortgangsrapport BPV', 'Rapport voor student en ouders', {
    level: 3,
    logo: null,
    title: 'Voortgangsrapport beroepspraktijkvorming',
    subtitle: 'Verzorgende IG, mbo-niveau 3',
    addressLine1: 'Demoschool De Groeiboom, Schoolstraat 1',
    addressLine2: '1234 AB Utrecht',
    studentNamePath: 'Naam',
    showAchieved: true,
    showScoreChart: true,
    showRemarks: true,
    includeReports: true,
    chartVariant: 'new',
    // D50: the scale's own four colours (SCORES), then six more, no two alike
    // (what extractColoursFromScale gives a new extract blueprint).
    scoreColours: [
      [224, 49, 49],
      [245, 159, 0],
      [116, 184, 22],
      [47, 158, 68],
      [25, 113, 194],
      [132, 94, 247],
      [12, 166, 120],
      [156, 96, 52],
      [73, 80, 87],
      [230, 73, 128],
    ],
    pages: [],
  });
  // Linked like the other sub-blueprints, with id and version (D9, D50), so "update" can find them.
  const reports = [
    { id: progressReport, version: 1, name: 'Voortgangsgesprek', fields: progress },
    { id: finalReport, version: 1, name: 'Eindbeoordeling', fields: final },
  ];
  await create(
    'TRAJECTORY',
    'BPV-traject Verzorgende IG',
    'Volledig traject voor de beroepspraktijkvorming',
    {
      dashboard: { id: dashboard, version: 1, widgets },
      information: { id: information, version: 1, fields },
      competenceList: { id: competenceList, version: 1, competences: tree },
      scoreInfo: SCORES,
      reportBlueprints: reports,
      roles: demoRoles(
        reports.map((r) => r.name),
        fields,
      ) as unknown as JsonValue,
      users: [],
    } as unknown as JsonValue,
  );
}
