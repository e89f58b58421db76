// A local SMTP server that keeps every message it receives as a file, for `.ci/production-check`
// (a production server needs SMTP_URL, D52): `node scripts/smtp-sink.mjs <port> <dir>`. Each message
// is written whole to `<dir>/<n>.eml` (named once complete). No authentication, no TLS; loopback only.
// Uses `smtp-server` (a dev dependency of the server, as in its mailer tests).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const [port, dir] = process.argv.slice(2);
if (!port || !dir) {
  console.error('usage: node scripts/smtp-sink.mjs <port> <dir>');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const file = join(dir, `${String(++count).padStart(4, '0')}.eml`);
      writeFileSync(`${file}.partial`, Buffer.concat(chunks));
      renameSync(`${file}.partial`, file);
      callback();
    });
  },
});
server.listen(Number(port), '127.0.0.1', () => console.log(`smtp sink on 127.0.0.1:${port}, mail to ${dir}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
