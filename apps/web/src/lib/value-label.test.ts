import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { creditEndpoints, notificationEndpoints, type TrashItem } from '@groeipad/core';
import { createInstance } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionLabelKey, targetLabelKey } from '../features/notifications/components/notification-labels';
import { paymentStatusKey } from '../features/organisations/components/credit-transactions-section';
import { typeLabel } from '../features/trash/trash-rows';
import { callData } from './endpoint-client';
import { sessionStore } from './session-store';
import { valueLabel } from './value-label';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../public/locales');
const resources = (language: string) => JSON.parse(readFileSync(join(locales, `${language}.json`), 'utf8'));

async function translator(language: 'nl' | 'en') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: resources(language) } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

/** A signed-in session: a token whose claims the store can read (the signature is the server's business). */
function signIn() {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    user_id: 1,
    sub: 'an@x.nl',
    organisation_id: 4,
    user_role: 'OWNER',
    exp: 4_000_000_000,
    eula: true,
  };
  sessionStore.set({ accessToken: `${part({ alg: 'HS256' })}.${part(claims)}.sig`, refreshToken: 'r' });
}

afterEach(() => {
  if (sessionStore.get()) sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('an unknown enum value in a list answer (spec part 2 §9)', () => {
  it('the list still loads through the contract', async () => {
    signIn();
    const row = {
      id: 1,
      createdOn: '2026-12-01T10:00:00Z',
      credits: 10,
      price: 12.1,
      userId: null,
      userEmail: null,
      quoteId: null,
      invoiceId: null,
      reference: null,
      kind: 'purchase',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          total: 2,
          content: [
            { ...row, paymentStatus: 'paid' },
            { ...row, id: 2, paymentStatus: 'refunded' },
          ],
        }),
      ),
    );
    const page = await callData(creditEndpoints.transactions, { query: { page: 0, size: 20 } });
    expect(page.content.map((entry) => entry.paymentStatus)).toEqual(['paid', 'refunded']);

    const entry = {
      id: 1,
      type: 'trajectory',
      trajectory: { id: 3, name: 'Anna' },
      targetId: null,
      read: false,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          unread: 1,
          total: 1,
          notifications: [
            { ...entry, target: 'DOCUMENT', action: 'ARCHIVE', created: '2026-12-01T10:00:00Z', actor: null },
          ],
        }),
      ),
    );
    const notifications = await callData(notificationEndpoints.list, { query: { page: 0, size: 16 } });
    expect(notifications.notifications[0]).toMatchObject({ target: 'DOCUMENT', action: 'ARCHIVE' });
  });

  it.each([
    ['nl', 'Onbekend (refunded)', 'Betaald'],
    ['en', 'Unknown (refunded)', 'Paid'],
  ] as const)('shows "%s"-style labels in %s', async (language, unknown, paid) => {
    const t = await translator(language);
    expect(valueLabel(t, paymentStatusKey('refunded'), 'refunded')).toBe(unknown);
    expect(valueLabel(t, paymentStatusKey('paid'), 'paid')).toBe(paid);
    expect(valueLabel(t, targetLabelKey('DOCUMENT'), 'DOCUMENT')).toBe(
      unknown.replace('refunded', 'DOCUMENT'),
    );
    expect(valueLabel(t, actionLabelKey('ARCHIVE'), 'ARCHIVE')).toBe(unknown.replace('refunded', 'ARCHIVE'));
    expect(typeLabel({ id: 'blueprint-4', type: 'CHECKLIST' as TrashItem['type'] })).toEqual({
      key: 'trash.types.blueprint',
      blueprintType: null,
    });
  });
});
