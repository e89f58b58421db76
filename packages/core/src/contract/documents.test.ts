import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defaultAdminRole } from '../rights/derived.ts';
import {
  zTrajectoryAccess,
  zTrajectoryAccessAnswer,
  zTrajectoryRole,
  zTrajectoryUserAccess,
} from './access.ts';
import { zTokens } from './auth.ts';
import {
  zBlueprintFilter,
  zBlueprintListItem,
  zBlueprintListQuery,
  zBlueprintStatusUpdate,
  zCompetenceListContent,
  zCreateBlueprint,
  zDashboardContent,
  zInformationContent,
  zLibraryEntry,
  zLibraryPublish,
  zReportBlueprintContent,
  zTrajectoryBlueprintContent,
} from './blueprints.ts';
import { zCreditTransaction, zTrajectoryTransaction } from './credits.ts';
import { isEntryTimestamp, zEvaluation } from './evaluation.ts';
import { zExtract } from './extracts.ts';
import { issueMessage } from './issues.ts';
import { zNotificationOverview } from './notifications.ts';
import { zOrganisationUser } from './organisation-users.ts';
import { zOrganisation, zOrganisationSummary } from './organisations.ts';
import {
  zCreateReportQuery,
  zReport,
  zReportBlueprintEntry,
  zReportListItem,
  zTrajectoryReportBlueprint,
} from './reports.ts';
import { zResource } from './resources.ts';
import {
  zTrajectoryInfo,
  zTrajectoryInformation,
  zTrajectoryListItem,
  zTrajectoryReportBlueprints,
  zTrajectoryReports,
  zTrajectoryRoles,
  zTrajectoryUsers,
} from './trajectories.ts';
import { zCurrentUser } from './users.ts';

/**
 * The entity schemas parse real documents: the demo organisation's MBO work-placement trajectory
 * (`apps/server/src/seed/demo-blueprints.ts`, Verzorgende IG), and a broken copy of each gives the
 * message key the API answers with (issue 7: "core entity schemas must be exercised by tests that
 * parse real documents").
 */

/** Path and message key of every issue, as the server's error handler reports them. */
function problems(result: z.ZodSafeParseResult<unknown>): [string, string][] {
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issueMessage(issue)]);
}

const field = (uuid: string, name: string, type: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  name,
  type,
  required: false,
  ...extra,
});
const options = (values: string[]) => values.map((value) => ({ value, attachments: [] }));

/** The intake form of the demo: every one of the 14 field types, nested groups and a formula. */
const intakeFields = [
  field('f-naam', 'Naam', 'text', { required: true }),
  field('f-geboortedatum', 'Geboortedatum', 'date', { required: true }),
  field('f-leeftijd', 'Leeftijd', 'calculation', { value: 'DATEDIF($Geboortedatum, NOW(), "Y")' }),
  field('f-opleiding', 'Opleiding', 'select', {
    required: true,
    options: options(['Verzorgende IG (niveau 3)', 'Maatschappelijke Zorg (niveau 3)']),
  }),
  field('f-werkdagen', 'Werkdagen', 'multi_select', { options: options(['Maandag', 'Dinsdag', 'Woensdag']) }),
  field('f-vog', 'VOG aanwezig', 'boolean'),
  field('f-uren', 'Uren per week', 'integer'),
  field('f-reistijd', 'Reistijd in uren', 'decimal'),
  field('f-website', 'Website leerbedrijf', 'url'),
  field('f-leerbedrijf', 'Leerbedrijf', 'group', {
    collapsed: false,
    children: [
      field('f-naam-leerbedrijf', 'Naam leerbedrijf', 'text'),
      field('f-contact', 'Contact', 'group', {
        collapsed: true,
        children: [field('f-telefoon', 'Telefoon', 'text'), field('f-email', 'E-mail', 'text')],
      }),
    ],
  }),
  field('f-motivatie', 'Motivatie', 'rating', {
    info: [
      { name: 'Laag', description: 'Weinig zin in de stage', colour: '#e03131' },
      { name: 'Hoog', description: 'Heeft er erg veel zin in', colour: '#2f9e44' },
    ],
  }),
  field('f-niveaus', 'Niveaus', 'competence_list', {
    levels: [
      { level: 1, elements: ['Basis'] },
      { level: 2, elements: ['Gevorderd'] },
    ],
  }),
  field('f-overeenkomst', 'Stageovereenkomst', 'upload'),
  field('f-pasfoto', 'Pasfoto', 'image'),
];

const progressFields = [
  field('r-datum', 'Datum gesprek', 'date', { required: true }),
  field('r-goed', 'Wat gaat al goed?', 'text'),
  field('r-groei', 'Waar wil je in groeien?', 'text'),
  field('r-handtekening', 'Handtekening praktijkopleider', 'boolean'),
];

/** Cluster → sub-cluster → competence (D3), as the demo's competence list. */
const competenceTree = [
  {
    uuid: 'kt1',
    description: 'Kerntaak 1: Bieden van zorg en ondersteuning',
    labels: ['Kerntaak 1'],
    info: '<p>Uit het kwalificatiedossier <strong>Verzorgende IG</strong> (mbo-niveau 3).</p>',
    subcompetences: [
      {
        uuid: 'kt1-zorgplan',
        description: 'Zorgplan en observatie',
        subcompetences: [
          {
            uuid: 'kt1-zorgplan-1',
            description: 'Inventariseert de zorgvraag van de cliënt',
            labels: ['BPV'],
          },
          {
            uuid: 'kt1-zorgplan-2',
            description: 'Observeert en signaleert veranderingen',
            labels: ['BPV', 'School'],
            info: '<h3>Wat laat je zien?</h3><ul><li>Je werkt zelfstandig</li></ul>',
          },
        ],
      },
    ],
  },
  {
    uuid: 'bh',
    description: 'Beroepshouding',
    labels: ['Beroepshouding'],
    subcompetences: [
      {
        uuid: 'bh-gedrag',
        description: 'Professioneel gedrag',
        subcompetences: [{ uuid: 'bh-gedrag-1', description: 'Komt afspraken na en is op tijd' }],
      },
    ],
  },
];

const scoreInfo = [
  { name: 'Nog niet', description: 'Laat het gedrag nog niet zien', colour: '#e03131' },
  { name: 'In ontwikkeling', description: 'Laat het gedrag soms zien, met hulp', colour: '#f59f00' },
  { name: 'Voldoende', description: 'Laat het gedrag zelfstandig zien', colour: '#74b816' },
  { name: 'Goed', description: 'Laat het gedrag zelfstandig en in nieuwe situaties zien', colour: '#2f9e44' },
];

const widgets = [
  { uuid: 'w-scores', name: 'Scores per competentie', type: 'evaluation_scores', cluster: null },
  { uuid: 'w-history', name: 'Laatste beoordelingen', type: 'evaluation_history' },
];

const reportNames = ['Voortgangsgesprek', 'Eindbeoordeling'];
const student = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: { Voortgangsgesprek: { '': { write: false, read: true, hidden: false } } },
  adminRights: { purchase: false, metadata: false, rights: false },
};
const mentor = {
  name: 'Praktijkopleider',
  informationRights: { '': { write: false, read: true, hidden: false }, 'f-naam': { hidden: true } },
  evaluationRights: { write: true, read: true },
  reportRights: { Voortgangsgesprek: { '': { admin: true, write: true, read: true, hidden: false } } },
};
const roles = [defaultAdminRole(reportNames, 'Docent'), student, mentor];
const users = [
  { user: ' Docent@DeGroeiboom.nl ', roles: ['Docent'] },
  { user: 'sanne.devries@student.degroeiboom.nl', roles: ['Student'] },
  { user: 'praktijkopleider@zorggroep-utrecht.nl', roles: ['Praktijkopleider'] },
];

/** The demo's trajectory blueprint: its parts linked at a version, with a copy of their content (D9). */
const trajectoryBlueprint = {
  dashboard: { id: 5, version: 1, widgets },
  information: { id: 2, version: 3, fields: intakeFields },
  competenceList: { id: 1, version: 1, competences: competenceTree },
  scoreInfo,
  reportBlueprints: [
    { id: 3, version: 2, name: 'Voortgangsgesprek', fields: progressFields },
    { id: 4, version: 1, name: 'Eindbeoordeling', fields: [] },
  ],
  roles,
  users,
};

describe('blueprint contents parse the demo blueprints', () => {
  it('the trajectory blueprint: linked parts at a version (D9), score scale (D6), roles and users', () => {
    const parsed = zTrajectoryBlueprintContent.parse(trajectoryBlueprint);
    expect(parsed.information).toMatchObject({ id: 2, version: 3 });
    expect(parsed.information.fields).toHaveLength(14);
    expect(parsed.competenceList.competences[0]?.subcompetences[0]?.subcompetences).toHaveLength(2);
    expect(parsed.reportBlueprints.map((report) => [report.id, report.version, report.name])).toEqual([
      [3, 2, 'Voortgangsgesprek'],
      [4, 1, 'Eindbeoordeling'],
    ]);
    expect(parsed.scoreInfo.map((score) => score.name)).toEqual([
      'Nog niet',
      'In ontwikkeling',
      'Voldoende',
      'Goed',
    ]);
    expect(parsed.roles.map((role) => role.name)).toEqual(['Docent', 'Student', 'Praktijkopleider']);
    // A role's missing flags default to false; e-mails are trimmed and lower-cased.
    expect(parsed.roles[2]?.adminRights).toEqual({ purchase: false, metadata: false, rights: false });
    expect(parsed.roles[2]?.informationRights['f-naam']).toEqual({ write: false, read: false, hidden: true });
    expect(parsed.users[0]?.user).toBe('docent@degroeiboom.nl');
  });

  it('refuses a fourth level in the trajectory blueprint’s competence copy with tooDeep (D3)', () => {
    const deep = structuredClone(trajectoryBlueprint);
    const competence = deep.competenceList.competences[0]?.subcompetences[0]?.subcompetences[0] as Record<
      string,
      unknown
    >;
    competence.subcompetences = [{ uuid: 'te-diep', description: 'Vierde niveau' }];
    expect(problems(zTrajectoryBlueprintContent.safeParse(deep))).toEqual([
      ['competenceList.competences.0.subcompetences.0.subcompetences.0.subcompetences', 'tooDeep'],
    ]);
  });

  it('a report blueprint link names its blueprint and a version of at least 1, or neither (D9)', () => {
    expect(zTrajectoryReportBlueprint.parse({ name: 'Eindbeoordeling' })).toEqual({
      id: null,
      version: null,
      name: 'Eindbeoordeling',
      fields: [],
    });
    expect(problems(zTrajectoryReportBlueprint.safeParse({ id: 3, version: 2, name: '  ' }))).toEqual([
      ['name', 'required'],
    ]);
    expect(
      problems(zTrajectoryReportBlueprint.safeParse({ id: 3, version: 2, name: 'x'.repeat(256) })),
    ).toEqual([['name', 'tooLong']]);
    expect(
      problems(zTrajectoryReportBlueprint.safeParse({ id: -3, version: 2, name: 'Voortgangsgesprek' })),
    ).toEqual([['id', 'invalidValue']]);
    expect(
      zTrajectoryReportBlueprint.safeParse({ id: 3, version: 0, name: 'Voortgangsgesprek' }).success,
    ).toBe(false);
  });

  it('the competence list: three levels (D3), rich-text info kept, labels default to none', () => {
    const parsed = zCompetenceListContent.parse({ competences: competenceTree });
    const [cluster] = parsed.competences;
    expect(cluster?.info).toContain('<strong>Verzorgende IG</strong>');
    expect(cluster?.subcompetences[0]?.labels).toEqual([]);
    expect(cluster?.subcompetences[0]?.subcompetences[1]?.labels).toEqual(['BPV', 'School']);
  });

  it('the competence list refuses a fourth level with tooDeep at the node (D3), and a long label with tooLong', () => {
    type Node = { subcompetences?: Node[]; labels?: string[]; [key: string]: unknown };
    const deep = structuredClone(competenceTree) as Node[];
    const leaf = deep[1]!.subcompetences![0]!.subcompetences!;
    leaf[0]!.subcompetences = [{ uuid: 'te-diep', description: 'Vierde niveau' }];
    leaf[0]!.labels = ['x'.repeat(256)];
    expect(problems(zCompetenceListContent.safeParse({ competences: deep }))).toEqual([
      ['competences.1.subcompetences.0.subcompetences.0.labels.0', 'tooLong'],
      ['competences.1.subcompetences.0.subcompetences.0.subcompetences', 'tooDeep'],
    ]);
    leaf[0]!.labels = [];
    expect(problems(zCompetenceListContent.safeParse({ competences: deep }))).toEqual([
      ['competences.1.subcompetences.0.subcompetences.0.subcompetences', 'tooDeep'],
    ]);
  });

  it('information and report blueprints hold fields; a bad colour or a long option is refused', () => {
    expect(zInformationContent.parse({ fields: intakeFields }).fields.map((f) => f.type)).toEqual([
      'text',
      'date',
      'calculation',
      'select',
      'multi_select',
      'boolean',
      'integer',
      'decimal',
      'url',
      'group',
      'rating',
      'competence_list',
      'upload',
      'image',
    ]);
    expect(zReportBlueprintContent.parse({ fields: progressFields }).fields).toHaveLength(4);
    const broken = structuredClone(intakeFields) as Record<string, unknown>[];
    (broken[10]!.info as Record<string, unknown>[])[0]!.colour = 'rood';
    (broken[3]!.options as Record<string, unknown>[])[1]!.value = 'x'.repeat(256);
    expect(problems(zInformationContent.safeParse({ fields: broken }))).toEqual([
      ['fields.3.options.1.value', 'tooLong'],
      ['fields.10.info.0.colour', 'invalidValue'],
    ]);
    expect(
      problems(zReportBlueprintContent.safeParse({ fields: [{ ...progressFields[0], uuid: '' }] })),
    ).toEqual([['fields.0.uuid', 'required']]);
  });

  it('the dashboard: a scores widget (whole evaluation or a cluster path, D20) and a history widget', () => {
    const parsed = zDashboardContent.parse({ widgets });
    expect(parsed.widgets[0]).toMatchObject({ type: 'evaluation_scores', cluster: null });
    expect(
      problems(zDashboardContent.safeParse({ widgets: [{ ...widgets[0], cluster: 'kt1..kt1-zorgplan' }] })),
    ).toEqual([['widgets.0.cluster', 'invalidValue']]);
    expect(problems(zDashboardContent.safeParse({ widgets: [{ ...widgets[1], uuid: '' }] }))).toEqual([
      ['widgets.0.uuid', 'required'],
    ]);
  });
});

describe('trajectory access parses the demo roles and users', () => {
  it('roles from the blueprint, users with their roles; flags default to false', () => {
    const access = zTrajectoryAccess.parse({ roles, users });
    expect(access.roles[1]?.reportRights.Voortgangsgesprek?.['']).toEqual({
      write: false,
      read: true,
      hidden: false,
    });
    expect(access.users.map((user) => user.user)).toEqual([
      'docent@degroeiboom.nl',
      'sanne.devries@student.degroeiboom.nl',
      'praktijkopleider@zorggroep-utrecht.nl',
    ]);
    expect(zTrajectoryRoles.parse(roles)).toHaveLength(3);
    // The answer of GET …/access carries what is stored (already normalised) and no input transforms.
    expect(zTrajectoryAccessAnswer.parse(access)).toEqual(access);
    expect(zTrajectoryUsers.parse(users)).toHaveLength(3);
  });

  it('a blank role name is required, a long one tooLong, a bad e-mail invalidEmail', () => {
    expect(problems(zTrajectoryRole.safeParse({ ...student, name: ' ' }))).toEqual([['name', 'required']]);
    expect(problems(zTrajectoryRole.safeParse({ ...student, name: 'x'.repeat(256) }))).toEqual([
      ['name', 'tooLong'],
    ]);
    expect(problems(zTrajectoryUserAccess.safeParse({ user: 'sanne.devries', roles: ['Student'] }))).toEqual([
      ['user', 'invalidEmail'],
    ]);
  });
});

describe('a trajectory’s documents', () => {
  const at = '2025-03-10T09:15:00.000Z';

  it('the evaluation: the demo tree with entries keyed by ISO timestamp and the scale from scoreInfo (D6)', () => {
    const entry = {
      date: '10/03/2025',
      location: 'werkplek, school',
      score: '3',
      remarks: 'Goed overleg met de cliënt',
    };
    const evaluation = {
      criteria: [
        {
          type: 'cluster',
          uuid: 'kt1',
          name: 'Kerntaak 1: Bieden van zorg en ondersteuning',
          subsections: [
            {
              type: 'cluster',
              uuid: 'kt1-zorgplan',
              name: 'Zorgplan en observatie',
              subsections: [
                {
                  type: 'competence',
                  uuid: 'kt1-zorgplan-1',
                  name: 'Inventariseert de zorgvraag van de cliënt',
                  labels: ['BPV'],
                  properties: { [at]: entry },
                  latestProperties: entry,
                },
              ],
            },
          ],
        },
      ],
      minScore: 1,
      maxScore: 4,
      scoreNames: scoreInfo.map((score) => score.name),
      scoreColours: scoreInfo.map((score) => score.colour),
      scoreInfo: scoreInfo.map((score) => score.description),
    };
    const parsed = zEvaluation.parse(evaluation);
    expect(parsed.criteria[0]?.type).toBe('cluster');

    const broken = structuredClone(evaluation);
    const competence = broken.criteria[0]!.subsections[0]!.subsections[0]!;
    competence.properties = { [at]: { ...entry, location: 'thuis', date: '31/02/2025', score: 'goed' } };
    broken.scoreColours[0] = 'rood';
    expect(problems(zEvaluation.safeParse(broken))).toEqual([
      [`criteria.0.subsections.0.subsections.0.properties.${at}.location`, 'invalidValue'],
      [`criteria.0.subsections.0.subsections.0.properties.${at}.date`, 'invalidDate'],
      [`criteria.0.subsections.0.subsections.0.properties.${at}.score`, 'invalidValue'],
      ['scoreColours.0', 'invalidValue'],
    ]);
    expect(problems(zEvaluation.safeParse({ ...evaluation, maxScore: 0 }))).toEqual([
      ['maxScore', 'invalidValue'],
    ]);
  });

  // zod 4 wraps a record key's own issue in an `invalid_key` issue ("Invalid key in record"); core's
  // issueMessage, used by the server wherever issues become field errors, takes the key's own message.
  it('a properties key that is not an ISO timestamp gives invalidEntryTimestamp at the key (issue 30)', () => {
    const result = zEvaluation.safeParse({
      criteria: [
        {
          type: 'competence',
          uuid: 'kt1-zorgplan-1',
          name: 'Inventariseert de zorgvraag van de cliënt',
          properties: { '10/03/2025': { score: '3' } },
        },
      ],
      minScore: 1,
      maxScore: 4,
    });
    expect(problems(result)).toEqual([['criteria.0.properties.10/03/2025', 'invalidEntryTimestamp']]);
    expect(isEntryTimestamp('2025-03-10T09:00:00.000Z')).toBe(true);
    for (const key of [
      '10/03/2025',
      'geen-tijdstip',
      '2025-03-10',
      `2025-03-10T09:00:00.000Z${' '.repeat(64)}`,
    ])
      expect(isEntryTimestamp(key), key).toBe(false);
  });

  it('a report: values by field uuid, structure without values; list rows pick id, name and created', () => {
    const report = {
      id: 12,
      name: 'Voortgangsgesprek',
      created: at,
      structure: progressFields,
      values: { 'r-datum': '10/03/2025', 'r-goed': 'Rapporteert nauwkeurig', 'r-handtekening': true },
    };
    expect(zReport.parse(report).values['r-goed']).toBe('Rapporteert nauwkeurig');
    expect(zReportListItem.parse(report)).toEqual({ id: 12, name: 'Voortgangsgesprek', created: at });
    expect(zTrajectoryReports.parse([report])).toEqual([{ id: 12, name: 'Voortgangsgesprek', created: at }]);
    expect(zReport.safeParse({ ...report, values: { ['x'.repeat(256)]: 'waarde' } }).success).toBe(false);
  });

  // The key's own tooLong, through issueMessage (see above).
  it('a values key longer than a field uuid gives tooLong at the key', () => {
    const long = 'x'.repeat(256);
    const result = zReport.safeParse({
      id: 12,
      name: 'Voortgangsgesprek',
      created: at,
      structure: progressFields,
      values: { [long]: 'waarde' },
    });
    expect(problems(result)).toEqual([[`values.${long}`, 'tooLong']]);
  });

  it('the report blueprints offered for a new report carry id and version (D9)', () => {
    const entry = { id: 3, version: 2, name: 'Voortgangsgesprek', fields: progressFields };
    expect(zReportBlueprintEntry.parse(entry).fields).toHaveLength(4);
    expect(zTrajectoryReportBlueprints.parse([entry])).toHaveLength(1);
    expect(zReportBlueprintEntry.safeParse({ name: 'Voortgangsgesprek', fields: [] }).success).toBe(false);
  });

  it('list item, detail header and information map', () => {
    const item = {
      id: 1,
      name: 'BPV Sanne de Vries',
      description: 'Zorggroep Utrecht, locatie Overvecht',
      activeUntil: '2026-02-28T23:00:00.000Z',
      rights: ['READ', 'METADATA', 'RIGHTS'],
    };
    expect(zTrajectoryListItem.parse(item)).toEqual(item);
    expect(zTrajectoryListItem.safeParse({ ...item, rights: ['OWNER'] }).success).toBe(false);
    const info = {
      ...item,
      // D5: a stored description up to the 1000 of the create dialog is answered as it is.
      description: 'd'.repeat(1000),
      blueprintId: 6,
      blueprintVersion: 1,
      blueprintName: 'BPV-traject Verzorgende IG',
      blueprintRemoved: false,
      latestBlueprintVersion: 2,
      hasDashboard: true,
      expired: false,
      abilities: {
        edit: true,
        updateMetadata: true,
        updateActiveUntil: false,
        updateAccess: true,
        updateBlueprint: true,
        delete: true,
        readInformation: true,
        readEvaluation: true,
        writeEvaluation: true,
        agreeScore: true,
        readReports: true,
        inviteMentor: true,
        progressReport: true,
      },
    };
    expect(zTrajectoryInfo.parse(info)).toEqual(info);
    expect(zTrajectoryInfo.safeParse({ ...info, abilities: undefined }).success).toBe(false);
    expect(zTrajectoryInformation.parse({ Naam: 'Sanne de Vries', Klas: 'VIG3A' })).toEqual({
      Naam: 'Sanne de Vries',
      Klas: 'VIG3A',
    });
    expect(problems(zTrajectoryInformation.safeParse({ Klas: 'x'.repeat(10_001) }))).toEqual([
      ['Klas', 'tooLong'],
    ]);
  });
});

describe('blueprints list and library', () => {
  const item = {
    id: 6,
    type: 'TRAJECTORY',
    name: 'BPV-traject Verzorgende IG',
    description: 'Volledig traject voor de beroepspraktijkvorming',
    library: false,
    rights: ['ADMIN', 'WRITE', 'READ'],
    created: '2025-01-06T08:00:00.000Z',
    modified: '2025-01-07T10:30:00.000Z',
    version: 2,
    sourceBlueprintId: null,
    sourceBlueprintVersion: null,
    libraryUpdate: false,
    status: 'LIVE',
    abilities: { read: true, write: true, admin: true, library: false, updateFromLibrary: false },
  };

  it('a list item, a library entry and the stored filter', () => {
    expect(zBlueprintListItem.parse(item)).toEqual(item);
    expect(zBlueprintListItem.safeParse({ ...item, type: 'FORM' }).success).toBe(false);
    expect(
      zLibraryEntry.parse({
        id: 1,
        type: 'COMPETENCE_LIST',
        name: 'BPV',
        description: null,
        version: 3,
        removable: false,
      }),
    ).toEqual({
      id: 1,
      type: 'COMPETENCE_LIST',
      name: 'BPV',
      description: null,
      version: 3,
      removable: false,
    });
    expect(zBlueprintFilter.parse({})).toEqual({ type: null, name: '', description: '' });
  });

  it('create with type, import with id; both or neither is refused (D8)', () => {
    expect(zCreateBlueprint.parse({ type: 'COMPETENCE_LIST', name: 'BPV-competenties' })).toMatchObject({
      type: 'COMPETENCE_LIST',
    });
    expect(zCreateBlueprint.parse({ id: 4, name: 'BPV-competenties' })).toMatchObject({ id: 4 });
    expect(problems(zCreateBlueprint.safeParse({ name: 'BPV-competenties' }))).toEqual([
      ['type', 'required'],
    ]);
    expect(problems(zCreateBlueprint.safeParse({ id: 4, type: 'COMPETENCE_LIST', name: 'BPV' }))).toEqual([
      ['id', 'invalidValue'],
    ]);
  });
});

describe('request bodies and queries of the blueprint and report calls', () => {
  it('status LIVE or DELETED in any letter case (D30); the list defaults to LIVE', () => {
    expect(zBlueprintListQuery.parse({})).toEqual({ status: 'LIVE' });
    expect(zBlueprintListQuery.parse({ status: 'deleted' })).toEqual({ status: 'DELETED' });
    expect(zBlueprintStatusUpdate.parse({ status: 'Live' })).toEqual({ status: 'LIVE' });
    expect(problems(zBlueprintStatusUpdate.safeParse({ status: 'ARCHIVED' }))).toEqual([
      ['status', 'required'],
    ]);
  });

  it('publishing to the library names a blueprint id; a new report names its report blueprint', () => {
    expect(zLibraryPublish.parse({ id: 6 })).toEqual({ id: 6 });
    expect(problems(zLibraryPublish.safeParse({}))).toEqual([['id', 'required']]);
    expect(problems(zLibraryPublish.safeParse({ id: '6' }))).toEqual([['id', 'invalidValue']]);
    expect(zCreateReportQuery.parse({ blueprintName: ' Voortgangsgesprek ' })).toEqual({
      blueprintName: 'Voortgangsgesprek',
    });
    expect(problems(zCreateReportQuery.safeParse({ blueprintName: '' }))).toEqual([
      ['blueprintName', 'required'],
    ]);
  });
});

describe('organisation, members, resources, extracts, notifications, credits', () => {
  it('parse what the server answers', () => {
    const organisation = {
      id: 3,
      name: 'Demoschool De Groeiboom',
      slogan: 'Samen groeien',
      description: null,
      type: 'COMPANY',
      smallLogo: null,
      largeLogo: null,
      vatIdentification: 'NL123456789B01',
      streetName: 'Schoolstraat',
      streetNumber: '1',
      postalCode: '1234 AB',
      city: 'Utrecht',
      country: 'NL',
      email: 'info@degroeiboom.nl',
      phoneNumber: '030 123 4567',
      credits: 120,
      discount: null,
      abilities: { update: true, readCredits: true, readDiscount: false, manageMembers: true },
    };
    const parsed = zOrganisation.safeParse(organisation);
    expect(problems(parsed)).toEqual([]);
    expect(zOrganisation.safeParse({ ...organisation, type: 'SCHOOL' }).success).toBe(false);
    expect(
      zOrganisationSummary.parse({ id: 3, name: 'Demoschool De Groeiboom', smallLogo: null, role: 'OWNER' }),
    ).toEqual({ id: 3, name: 'Demoschool De Groeiboom', smallLogo: null, role: 'OWNER' });
    expect(
      zOrganisationUser.parse({ id: 9, email: 'gebruiker@demo.groeipad.nl', role: 'USER', pending: false }),
    ).toEqual({ id: 9, email: 'gebruiker@demo.groeipad.nl', role: 'USER', pending: false });
    expect(
      zOrganisationUser.safeParse({ id: 9, email: 'x@y.nl', role: 'STUDENT', pending: false }).success,
    ).toBe(false);
    expect(
      zResource.parse({
        id: 44,
        name: 'stageovereenkomst.pdf',
        mediaType: 'application/pdf',
        userRights: [],
      }),
    ).toMatchObject({ id: 44 });
    expect(
      zExtract.parse({
        id: 2,
        name: 'Voortgangsrapport BPV',
        trajectoryId: 1,
        trajectoryName: 'BPV Sanne de Vries',
        created: '2025-03-10T09:15:00.000Z',
        status: 'ACTIVE',
      }),
    ).toMatchObject({ status: 'ACTIVE' });
    const notification = {
      id: 5,
      type: 'trajectory',
      trajectory: { id: 1, name: 'BPV Sanne de Vries' },
      target: 'REPORT',
      targetId: 12,
      action: 'UPDATE',
      read: false,
      created: '2025-03-10T09:15:00.000Z',
    };
    expect(zNotificationOverview.parse({ unread: 1, total: 1, notifications: [notification] }).unread).toBe(
      1,
    );
    expect(
      zCreditTransaction.parse({
        id: 1,
        createdOn: '2025-03-01T10:00:00.000Z',
        credits: 100,
        price: 121,
        userId: 2,
        userEmail: 'eigenaar@demo.groeipad.nl',
        paymentStatus: 'paid',
        quoteId: null,
        invoiceId: '2025-000001',
        reference: null,
        kind: 'purchase',
      }),
    ).toMatchObject({ paymentStatus: 'paid' });
    expect(
      zTrajectoryTransaction.parse({
        id: 1,
        createdOn: '2025-03-01T10:00:00.000Z',
        trajectoryId: 1,
        trajectoryName: 'BPV Sam',
        months: 6,
        credits: 25,
        userId: 2,
        userEmail: null,
        previousActiveUntil: '2025-03-31',
        activeUntil: '2025-09-30',
      }),
    ).toMatchObject({ months: 6 });
    expect(zTokens.safeParse({ accessToken: 'a.b.c' }).success).toBe(false);
    expect(
      zCurrentUser.parse({ id: 2, email: 'eigenaar@demo.groeipad.nl', firstName: 'Eva', lastName: null }),
    ).toEqual({
      id: 2,
      email: 'eigenaar@demo.groeipad.nl',
      firstName: 'Eva',
      lastName: null,
    });
  });
});
