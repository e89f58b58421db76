import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
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

async function openStream(root: string, token: string): Promise<{ response: Response; reader: Reader }> {
  const controller = new AbortController();
  const response = await fetch(`${root}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
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
