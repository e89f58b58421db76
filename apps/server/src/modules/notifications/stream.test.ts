import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { buildTrajectory } from '../../../test/trajectory-fixture.ts';

/**
 * The event stream (beyond the spec; D39: the bearer header, never a token in the URL) over a real
 * socket: the app listens on a free port and a fetch reader reads the events as a browser would.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Reader {
  /** The next `event: unread` (its count), failing after `ms`. */
  next(ms?: number): Promise<number>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  abort(): void;
}

async function openStream(
  root: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ response: Response; reader: Reader }> {
  const controller = new AbortController();
  const response = await fetch(`${root}/api/notifications/stream`, {
    headers: { ...headers, authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const queue: number[] = [];
  const waiting: { wake: (() => void) | null } = { wake: null };
  let buffer = '';
  const ended = (async () => {
    const body = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) return;
        buffer += value;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (/^event: unread$/m.test(block)) {
            queue.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!).unread);
            waiting.wake?.();
          }
          at = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const next = async (ms = 5000) => {
    const deadline = Date.now() + ms;
    while (queue.length === 0) {
      if (Date.now() > deadline) throw new Error('no event within the time');
      await new Promise<void>((resolve) => {
        waiting.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return queue.shift()!;
  };
  return { response, reader: { next, ended, abort: () => controller.abort() } };
}

describe('GET /api/notifications/stream', () => {
  it('pushes the unread count at once, when a student writes, and when the teacher reads', async () => {
    const s = await buildTrajectory(t);
    const { response, reader } = await openStream(base, s.teacher.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await reader.next()).toBe(0);

    const saved = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/form`,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Live' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await reader.next()).toBe(1);

    await call(t, {
      method: 'PUT',
      url: '/api/notifications',
      token: s.teacher.token,
      payload: { read: true },
    });
    expect(await reader.next()).toBe(0);
    reader.abort();
  });

  it('the writer’s own stream and another organisation’s hear nothing of the change', async () => {
    const s = await buildTrajectory(t);
    const other = await buildTrajectory(t);
    const pupil = await openStream(base, s.pupil.token);
    const stranger = await openStream(base, other.teacher.token);
    expect(await pupil.reader.next()).toBe(0);
    expect(await stranger.reader.next()).toBe(0);
    await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/form`,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Stil' }],
    });
    await expect(pupil.reader.next(1000)).rejects.toThrow('no event');
    await expect(stranger.reader.next(300)).rejects.toThrow('no event');
    pupil.reader.abort();
    stranger.reader.abort();
  });

  it('needs the bearer header (401 with a key); a token in the URL counts for nothing (D39)', async () => {
    const s = await buildTrajectory(t);
    for (const url of [
      '/api/notifications/stream',
      `/api/notifications/stream?access_token=${s.teacher.token}`,
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 401, key: 'unauthorized' });
    }
  });

  it('a client that leaves is forgotten: the request drain falls back to idle', async () => {
    const s = await buildTrajectory(t);
    const { reader } = await openStream(base, s.teacher.token);
    expect(await reader.next()).toBe(0);
    expect(t.app.drain.pending).toBeGreaterThanOrEqual(1);
    reader.abort();
    expect(await t.app.drain.idle(3000)).toBe(true);
  });

  it('shutdown ends open streams at once, so the drain never waits for them', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const root = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const s = await buildTrajectory(own);
    const { reader } = await openStream(root, s.teacher.token);
    expect(await reader.next()).toBe(0);
    const started = Date.now();
    const closed = own.close();
    await reader.ended;
    expect(await own.app.drain.idle(1000)).toBe(true);
    await closed;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('abuse limits of the stream (issue 20)', () => {
  /** An app of its own with these stream limits, listening on a free port. */
  async function limitedApp(limits: { openStreamsPerUser?: number; streamOpensPerUser?: number }) {
    const base = testConfig().abuseLimits;
    const own = await createTestApp({
      abuseLimits: {
        ...base,
        ...(limits.openStreamsPerUser ? { openStreamsPerUser: limits.openStreamsPerUser } : {}),
        ...(limits.streamOpensPerUser
          ? { streamOpensPerUser: { max: limits.streamOpensPerUser, windowSeconds: 60 } }
          : {}),
      },
    });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    return { own, root: `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}` };
  }

  /** An attempt expected to be refused: a plain fetch that reads the JSON answer and closes its connection. */
  async function expectRefused(root: string, token: string, maxRetryAfter: number) {
    const response = await fetch(`${root}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', connection: 'close' },
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ status: 429, key: 'tooManyRequests' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  }

  it('holds at most N open streams per user; the next is refused before it streams; a closed one frees a slot', async () => {
    const { own, root } = await limitedApp({ openStreamsPerUser: 2 });
    try {
      const s = await buildTrajectory(own);
      const first = await openStream(root, s.teacher.token);
      const second = await openStream(root, s.teacher.token);
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      await expectRefused(root, s.teacher.token, 30);
      // Another user of the same organisation is not held back.
      const pupil = await openStream(root, s.pupil.token);
      expect(pupil.response.status).toBe(200);
      expect(await pupil.reader.next()).toBe(0);

      first.reader.abort();
      // The server frees the slot once it sees the socket close. (A refused attempt closes its
      // connection, so that no kept-alive socket holds up the app's close.)
      const attempt = () => openStream(root, s.teacher.token, { connection: 'close' });
      let again = await attempt();
      for (const deadline = Date.now() + 3000; again.response.status === 429 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await attempt();
      }
      expect(again.response.status).toBe(200);
      expect(await again.reader.next()).toBe(0);
      await expectRefused(root, s.teacher.token, 30);
      for (const open of [second, again, pupil]) open.reader.abort();
      expect(await own.app.drain.idle(3000)).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('counts openings per user in the database, so two servers together refuse past the limit', async () => {
    const one = await limitedApp({ streamOpensPerUser: 3 });
    const two = await limitedApp({ streamOpensPerUser: 3 });
    try {
      const s = await buildTrajectory(one.own);
      const opened = [
        await openStream(one.root, s.teacher.token),
        await openStream(two.root, s.teacher.token),
        await openStream(one.root, s.teacher.token),
      ];
      expect(opened.map((open) => open.response.status)).toEqual([200, 200, 200]);
      await expectRefused(two.root, s.teacher.token, 60);
      await expectRefused(one.root, s.teacher.token, 60);
      // Closing streams does not give openings back: the counter is a rate, not a count of what is open.
      for (const open of opened) open.reader.abort();
      await expectRefused(two.root, s.teacher.token, 60);
      const pupil = await openStream(two.root, s.pupil.token);
      expect(pupil.response.status).toBe(200);
      pupil.reader.abort();
    } finally {
      await Promise.all([one.own.close(), two.own.close()]);
    }
  });
});
