// What a school does on day one, over HTTP against a running production server (`.ci/production-check`):
// `node scripts/production-flow.mjs <base URL> <mail dir of scripts/smtp-sink.mjs>`. Registers an
// account, activates it with the code from the mail the server sent through SMTP (D52), and signs in.
// Prints what it did; exits non-zero with the reason at the first thing that is not as it should be.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, mailDir] = process.argv.slice(2);
if (!base || !mailDir) {
  console.error('usage: node scripts/production-flow.mjs <base URL> <mail dir>');
  process.exit(2);
}

function fail(message) {
  console.error(`production flow FAILED: ${message}`);
  process.exit(1);
}

/** A JSON call; a status other than `expected` fails the flow with the answer. */
async function api(method, path, { token, body, expected = [200, 201, 202, 204] } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) fail(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The mail to `to` the sink received (raw MIME, quoted-printable undone), waiting up to 30 s. */
async function mailTo(to, seen = new Set()) {
  for (let i = 0; i < 300; i++) {
    for (const name of readdirSync(mailDir)
      .filter((n) => n.endsWith('.eml'))
      .sort()) {
      if (seen.has(name)) continue;
      const raw = readFileSync(join(mailDir, name), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      seen.add(name);
      return raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`no mail to ${to} reached the SMTP sink in 30 s`);
}

const seen = new Set();
const email = `eigenaar-${Date.now()}@school.example`;
const password = 'Productie-wachtwoord-1';

await api('POST', '/api/auth/register', { body: { email, password } });
const activation = (await mailTo(email, seen)).match(/\/activate\?code=([A-Za-z0-9_%-]+)/);
if (!activation) fail('the activation mail holds no /activate?code= link');
const code = decodeURIComponent(activation[1]);
console.log(`registered ${email}; the activation mail came through SMTP`);
await api('POST', '/api/auth/activate', { body: { code } });
const tokens = await api('POST', '/api/auth/login', { body: { email, password } });
if (!tokens?.accessToken) fail('no access token after sign-in');
console.log('activated with the mailed code and signed in');
// The secrets the run handed out, for the check to look for in the server's log.
console.log(`SECRETS ${JSON.stringify([code, tokens.accessToken, tokens.refreshToken, password])}`);
