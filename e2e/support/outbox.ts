import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR not set (global setup did not run)');
  return dir;
}

function newestFor(address: string, after: number): OutboxMail | null {
  const outbox = join(dataDir(), 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.json'));
  } catch {
    return null;
  }
  const candidates = files
    .map((name) => ({ path: join(outbox, name), modified: statSync(join(outbox, name)).mtimeMs }))
    .filter((file) => file.modified >= after)
    .sort((a, b) => b.modified - a.modified || b.path.localeCompare(a.path));
  for (const file of candidates) {
    const mail = JSON.parse(readFileSync(file.path, 'utf8')) as OutboxMail;
    if (mail.to.toLowerCase() === address.toLowerCase()) return mail;
  }
  return null;
}

/** The first link in a mail whose path is `pathname` (e.g. /activate), as a path with query. */
export function linkPath(mail: OutboxMail, pathname: string): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathname} link in mail "${mail.subject}": ${mail.links.join(', ')}`);
}

/** Waits for the newest mail to `address` that holds a link to `pathname`; returns that link's path. */
export async function waitForLink(address: string, pathname: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    const mail = newestFor(address, 0);
    if (mail) {
      try {
        return linkPath(mail, pathname);
      } catch (error) {
        lastError = error;
      }
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no ${pathname} link for ${address}: ${String(lastError)}`);
}
