// What a school does on day one, over HTTP against a running production server (`.ci/production-check`):
//   node scripts/production-flow.mjs first-day <base URL> <mail dir> <out dir>
//     registers an account and activates it with the code from the mail the server sent through SMTP
//     (D52), signs in, accepts the licence, creates an organisation, imports a CASE framework as a competence
//     list and exports it (D56), creates a trajectory blueprint linking it and a trajectory, imports the
//     framework's next version and moves the trajectory to it and back (the cohort update and its undo),
//     creates an extract blueprint, has a progress report (extract) drawn by the job worker and a quote
//     drawn, and finds buying credits refused without a payment provider (503, D45);
//   node scripts/production-flow.mjs paid <base URL> <mail dir> <out dir>
//     (the server restarted with PAYMENTS=test) signs in again, buys credits at the built-in test
//     checkout, pays and fetches the invoice.
// PDFs are written to <out dir> (extract.pdf, quote.pdf, invoice.pdf) for the check to read with
// pdftotext; what the run needs between the phases is in <out dir>/state.json. Prints what it did; exits
// non-zero with the reason at the first thing that is not as it should be.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [phase, base, mailDir, outDir] = process.argv.slice(2);
if (!['first-day', 'paid'].includes(phase) || !base || !mailDir || !outDir) {
  console.error('usage: node scripts/production-flow.mjs first-day|paid <base URL> <mail dir> <out dir>');
  process.exit(2);
}

function fail(message) {
  console.error(`production flow FAILED: ${message}`);
  process.exit(1);
}

/** A call; a status other than `expected` fails the flow with the answer. JSON in and out, or the bytes. */
async function api(method, path, { token, body, expected = [200, 201, 202, 204], bytes = false } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!expected.includes(res.status))
    fail(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  if (bytes) return Buffer.from(await res.arrayBuffer());
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * A small CASE 1.1 package: a kerntaak, a group and two werkprocessen with codes, one with a criterion. With
 * `replace`, its next version: the second werkproces replaced by a third (`replacedBy`).
 */
function casePackage(title, { replace = false } = {}) {
  const at = '2026-12-01T09:00:00+00:00';
  const id = (n) => `7a0c0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const uri = (n) => `https://kader.example/ims/case/v1p1/CFItems/${id(n)}`;
  const document = {
    identifier: id(0),
    uri: uri(0),
    creator: 'ROC Productiecheck',
    title,
    lastChangeDateTime: at,
  };
  const item = (n, code, statement) => ({
    identifier: id(n),
    uri: uri(n),
    fullStatement: statement,
    humanCodingScheme: code,
    lastChangeDateTime: at,
  });
  const items = [
    item(1, 'B1-K1', 'Bieden van zorg'),
    item(2, 'B1-K1-G', 'Werkprocessen'),
    item(3, 'B1-K1-W1', 'Onderkent de zorgvraag — ook in het Frysk'),
    item(4, 'B1-K1-W1-C1', 'Verzamelt gegevens'),
    replace
      ? item(6, 'B1-K1-W3', 'Stelt het zorgplan op (nieuw)')
      : item(5, 'B1-K1-W2', 'Stelt het zorgplan op'),
  ];
  const link = (n, type, origin, destination, sequenceNumber) => ({
    identifier: id(100 + n),
    associationType: type,
    ...(sequenceNumber ? { sequenceNumber } : {}),
    uri: `https://kader.example/ims/case/v1p1/CFAssociations/${id(100 + n)}`,
    originNodeURI: { title: 'o', identifier: id(origin), uri: uri(origin) },
    destinationNodeURI: { title: 'd', identifier: id(destination), uri: uri(destination) },
    lastChangeDateTime: at,
  });
  const associations = [
    link(1, 'isChildOf', 1, 0, 1),
    link(2, 'isChildOf', 2, 1, 1),
    link(3, 'isChildOf', 3, 2, 1),
    link(4, 'isChildOf', 4, 3, 1),
    replace ? link(6, 'isChildOf', 6, 2, 2) : link(5, 'isChildOf', 5, 2, 2),
    ...(replace ? [link(7, 'replacedBy', 5, 6)] : []),
  ];
  return { CFDocument: document, CFItems: items, CFAssociations: associations };
}

/** A PDF the server answers, kept as `<out dir>/<name>.pdf`. */
async function savePdf(path, token, name) {
  const pdf = await api('GET', path, { token, bytes: true });
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') fail(`${path} is no PDF`);
  writeFileSync(join(outDir, `${name}.pdf`), pdf);
  console.log(`${name}.pdf: ${pdf.length} bytes`);
}

/** The mail to `to` the sink received (raw MIME, quoted-printable undone), waiting up to 30 s. */
async function mailTo(to) {
  for (let i = 0; i < 300; i++) {
    for (const name of readdirSync(mailDir)
      .filter((n) => n.endsWith('.eml'))
      .sort()) {
      const raw = readFileSync(join(mailDir, name), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      return raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`no mail to ${to} reached the SMTP sink in 30 s`);
}

/** Waits until the job worker has drawn extract `id` (at most 60 s); fails when it ends otherwise. */
async function extractReady(token, id, what) {
  let state;
  for (let i = 0; i < 120; i++) {
    const listed = await api('GET', '/api/extracts', { token });
    state = (Array.isArray(listed) ? listed : listed.content).find((row) => row.id === id)?.state;
    if (state === 'READY' || state === 'FAILED') return state === 'READY' || fail(`${what} ended FAILED`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${what} ended ${state ?? 'nowhere'} (not READY) within 60 s`);
}

/** Signs in and takes the organisation's tokens (the organisation picker's refresh). */
async function signIn(email, password, organisationId) {
  const tokens = await api('POST', '/api/auth/login', { body: { email, password } });
  if (!tokens?.accessToken) fail('no access token after sign-in');
  if (organisationId === undefined) return tokens;
  return api('POST', '/api/auth/refresh', {
    body: { email, refreshToken: tokens.refreshToken, organisationId },
  });
}

const statePath = join(outDir, 'state.json');
/** The secrets the run handed out, for the check to look for in the server's log. */
const secrets = [];

if (phase === 'first-day') {
  const email = `eigenaar-${Date.now()}@school.example`;
  const password = 'Productie-wachtwoord-1';
  secrets.push(password);
  await api('POST', '/api/auth/register', { body: { email, password } });
  const activation = (await mailTo(email)).match(/\/activate\?code=([A-Za-z0-9_%-]+)/);
  if (!activation) fail('the activation mail holds no /activate?code= link');
  const code = decodeURIComponent(activation[1]);
  secrets.push(code);
  console.log(`registered ${email}; the activation mail came through SMTP`);
  await api('POST', '/api/auth/activate', { body: { code } });
  const first = await signIn(email, password);
  secrets.push(first.accessToken, first.refreshToken);
  await api('POST', '/api/auth/eula', { token: first.accessToken, body: {} });
  const signed = await api('POST', '/api/auth/refresh', {
    body: { email, refreshToken: first.refreshToken },
  });
  console.log('activated with the mailed code, signed in, accepted the licence');

  const organisationName = 'Productiecheck College';
  const organisation = await api('POST', '/api/organisations', {
    token: signed.accessToken,
    body: {
      name: organisationName,
      type: 'COMPANY',
      streetName: 'Schoolstraat',
      streetNumber: '1',
      postalCode: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
      email: 'administratie@school.example',
      phoneNumber: '030 123 4567',
    },
    expected: [201],
  });
  const tokens = await signIn(email, password, organisation.id);
  secrets.push(tokens.accessToken, tokens.refreshToken);
  const token = tokens.accessToken;
  console.log(`organisation ${organisation.id} made; signed in as its owner`);

  const docent = {
    name: 'Docent',
    informationRights: { '': { write: true, read: true, hidden: false } },
    evaluationRights: { write: true, read: true },
    reportRights: {},
    adminRights: { purchase: true, metadata: true, rights: true },
  };
  // Issue 32, D56: the school's curriculum as a CASE package, checked and imported into a competence list
  // (codes, a criterion), exported back with the same identifiers; the trajectory blueprint links it.
  const framework = casePackage('Werkprocessen productiecheck');
  const frameworkCheck = await api('POST', '/api/v2/competence-frameworks/check', {
    token,
    body: { source: { format: 'case', package: framework } },
  });
  if (
    frameworkCheck.problems.length > 0 ||
    frameworkCheck.counts.competences !== 2 ||
    frameworkCheck.counts.criteria !== 1
  )
    fail(`the framework check answered ${JSON.stringify(frameworkCheck)}`);
  const list = await api('POST', '/api/v2/competence-frameworks', {
    token,
    body: { source: { format: 'case', package: framework }, blueprintId: null },
    expected: [201],
  });
  const listContent = await api('GET', `/api/blueprints/competencelists/${list.id}/content`, { token });
  const exported = await api('GET', `/api/v2/competence-frameworks/${list.id}`, { token });
  const ids = (pkg) =>
    pkg.CFItems.map((item) => item.identifier)
      .sort()
      .join();
  if (ids(exported) !== ids(framework) || exported.CFDocument.identifier !== framework.CFDocument.identifier)
    fail('the exported CASE package lost identifiers');
  // The provider paths are the server's (not the web app's fallback), and never serve an organisation's own.
  const provided = await api('GET', '/ims/case/v1p1/CFDocuments');
  if (!Array.isArray(provided.CFDocuments)) fail('/ims/case/v1p1/CFDocuments answered no list');
  await api('GET', `/ims/case/v1p1/CFPackages/${framework.CFDocument.identifier}`, { expected: [404] });
  console.log(`framework imported as competence list ${list.id} and exported with the same identifiers`);

  const blueprint = await api('POST', '/api/blueprints', {
    token,
    body: { type: 'TRAJECTORY', name: 'Stage' },
    expected: [201],
  });
  await api('PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, {
    token,
    body: [
      {
        op: 'replace',
        path: '/information/fields',
        value: [{ uuid: 'naam', name: 'Naam', type: 'text', required: false }],
      },
      { op: 'replace', path: '/roles', value: [docent] },
      {
        op: 'replace',
        path: '/competenceList',
        value: { id: list.id, version: list.version, competences: listContent.competences },
      },
    ],
  });
  const trajectoryName = 'BPV Productiecheck';
  const trajectory = await api('POST', '/api/v2/trajectories', {
    token,
    body: {
      blueprintId: blueprint.id,
      name: trajectoryName,
      access: { roles: [docent], users: [{ user: email, roles: ['Docent'] }] },
    },
    expected: [201],
  });
  console.log(`trajectory ${trajectory.id} made from blueprint ${blueprint.id}`);

  // D56: its next version replaces a werkproces (replacedBy); the linked blueprint follows, and the cohort
  // (this one trajectory) moves in one step and is moved back by the undo.
  const next = casePackage('Werkprocessen productiecheck', { replace: true });
  const nextCheck = await api('POST', '/api/v2/competence-frameworks/check', {
    token,
    body: { source: { format: 'case', package: next } },
  });
  if (nextCheck.match?.id !== list.id) fail(`the next version matched ${JSON.stringify(nextCheck.match)}`);
  await api('POST', '/api/v2/competence-frameworks', {
    token,
    body: {
      source: { format: 'case', package: next },
      blueprintId: list.id,
      expectedVersion: nextCheck.match.version,
    },
    expected: [201],
  });
  const cohort = await api('POST', '/api/v2/trajectory-updates/check', {
    token,
    body: { ids: [trajectory.id] },
  });
  const [moving] = cohort.trajectories;
  if (!moving?.changes.some((change) => change.kind === 'competenceCarried'))
    fail(`the cohort check names no carried competence: ${JSON.stringify(cohort)}`);
  const update = await api('POST', '/api/v2/trajectory-updates', {
    token,
    body: { trajectories: [{ id: trajectory.id, version: moving.latestVersion }] },
    expected: [201],
  });
  await api('DELETE', `/api/v2/trajectory-updates/${update.id}`, { token, expected: [204] });
  console.log('the next version moved the cohort, and the undo moved it back');

  const extractBlueprint = await api('POST', '/api/blueprints', {
    token,
    body: { type: 'EXTRACT', name: 'Voortgangsrapport' },
    expected: [201],
  });
  const [extract] = await api('POST', '/api/extracts', {
    token,
    body: { name: 'Voortgang', extract: extractBlueprint.id, trajectories: [trajectory.id] },
  });
  await extractReady(token, extract.id, "the extract's job");
  await savePdf(`/api/extracts/${extract.id}/content`, token, 'extract');

  // Issue 31: "Voortgangsrapport maken" in one click (the only extract blueprint the owner reads), drawn
  // by the PDF worker.
  const oneClick = await api('POST', '/api/extracts/progress-report', {
    token,
    body: { trajectory: trajectory.id },
  });
  await extractReady(token, oneClick.id, 'the one-click progress report');
  await savePdf(`/api/extracts/${oneClick.id}/content`, token, 'progress-report');

  // Issue 31, D58: a class imported from a spreadsheet gets its accounts: the new student's invitation goes
  // through SMTP, and the import says so.
  const student = `student.${Date.now()}@school.example`;
  const studentRole = {
    name: 'Student',
    informationRights: { '': { write: false, read: true, hidden: false } },
    evaluationRights: { write: false, read: true },
    reportRights: {},
    adminRights: { purchase: false, metadata: false, rights: false },
  };
  await api('PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, {
    token,
    body: [{ op: 'replace', path: '/roles', value: [docent, studentRole] }],
  });
  const imported = await api('POST', '/api/v2/trajectories/import', {
    token,
    body: {
      blueprintId: blueprint.id,
      access: { roles: [docent, studentRole], users: [{ user: email, roles: ['Docent'] }] },
      studentRole: 'Student',
      rows: [{ name: 'BPV Geïmporteerd', email: student }],
    },
    expected: [201],
  });
  if (imported.people?.[0]?.account !== 'INVITED')
    fail(`the import did not invite: ${JSON.stringify(imported)}`);
  const invitation = await mailTo(student);
  if (!/\/register\?email=/.test(invitation)) fail('the invitation mail has no registration link');
  console.log('imported a student: invited, the invitation came through SMTP');

  // Issue 31, D54: the mentor page's own background worker is served as JavaScript, never cached stale.
  const worker = await fetch(`${base}/mentor-sw.js`);
  if (!worker.ok || !/javascript/.test(worker.headers.get('content-type') ?? ''))
    fail(`/mentor-sw.js answered ${worker.status} ${worker.headers.get('content-type')}`);
  if (!/no-cache/.test(worker.headers.get('cache-control') ?? ''))
    fail(`/mentor-sw.js is cached: ${worker.headers.get('cache-control')}`);
  console.log('/mentor-sw.js is served as JavaScript with no-cache');

  await api('POST', '/api/credits/quotes', {
    token,
    body: { amount: 250, reference: 'Offerte productiecheck' },
    expected: [201],
  });
  const [quote] = await api('GET', '/api/credits/quotes?status=open', { token });
  if (!quote) fail('the quote is not listed');
  await savePdf(`/api/credits/transactions/${quote.id}/quote`, token, 'quote');

  const refused = await api('POST', '/api/credits', { token, body: { amount: 100 }, expected: [503] });
  if (refused?.key !== 'paymentsUnavailable')
    fail(`buying without a payment provider answered ${JSON.stringify(refused)}`);
  console.log('buying credits without a payment provider answers 503 paymentsUnavailable');
  writeFileSync(
    statePath,
    JSON.stringify({ email, password, organisationId: organisation.id, organisationName, trajectoryName }),
  );
} else {
  const { email, password, organisationId } = JSON.parse(readFileSync(statePath, 'utf8'));
  const tokens = await signIn(email, password, organisationId);
  secrets.push(tokens.accessToken, tokens.refreshToken);
  const token = tokens.accessToken;
  const bought = await api('POST', '/api/credits', {
    token,
    body: { amount: 100, reference: 'PO-productiecheck', redirect: '/credits' },
  });
  const paymentId = /\/test-checkout\/(tr_test_\w+)$/.exec(bought.redirect ?? '')?.[1];
  if (!paymentId) fail(`no test checkout in ${JSON.stringify(bought)}`);
  await api('POST', `/api/payments/test/${paymentId}`, { body: { status: 'paid' } });
  const { content } = await api('GET', '/api/credits/transactions', { token });
  const paid = content.find((row) => row.invoiceId);
  if (!paid) fail(`no invoice after paying: ${JSON.stringify(content)}`);
  console.log(`paid ${paymentId} at the test checkout: invoice ${paid.invoiceId}`);
  await savePdf(`/api/credits/transactions/${paid.id}/invoice`, token, 'invoice');
}
console.log(`SECRETS ${JSON.stringify(secrets)}`);
