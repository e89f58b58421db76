import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startS3 } from '../../../test/s3.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
const NOT_READY = { status: 503, key: 'serviceUnavailable' };

describe('the probes', () => {
  it('liveness and readiness answer UP, uncached, without a token', async () => {
    for (const url of ['/actuator/health/liveness', '/actuator/health/readiness']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'UP' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('readiness answers 503 once shutdown begins; liveness still UP', async () => {
    const stopping = await createTestApp();
    try {
      expect((await get(stopping, '/actuator/health/readiness')).statusCode).toBe(200);
      stopping.app.drain.beginShutdown();
      const ready = await get(stopping, '/actuator/health/readiness');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect((await get(stopping, '/actuator/health/liveness')).json()).toEqual({ status: 'UP' });
    } finally {
      await stopping.close();
    }
  });

  it('readiness answers 503 while the object storage (S3) does not answer; liveness does not ask it', async () => {
    const s3 = await startS3();
    const stored = await createTestApp({ s3: s3.settings('readiness') });
    try {
      expect((await get(stored, '/actuator/health/readiness')).statusCode).toBe(200);
      await s3.close();
      const started = Date.now();
      const ready = await get(stored, '/actuator/health/readiness');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      // Within the probe's budget: an orchestrator's readiness timeout is a few seconds.
      expect(Date.now() - started).toBeLessThan(3000);
      expect((await get(stored, '/actuator/health/liveness')).statusCode).toBe(200);
    } finally {
      await stored.close();
    }
  });

  it('readiness answers 503 when the database is gone; liveness does not ask it', async () => {
    const orphan = await createTestApp({}, { emptyDatabase: true });
    try {
      await orphan.database.close();
      const ready = await get(orphan, '/actuator/health/readiness');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect((await get(orphan, '/actuator/health/liveness')).statusCode).toBe(200);
    } finally {
      await orphan.close();
    }
  });

  // PGlite runs one statement at a time: a transaction held open keeps the probe's query waiting.
  it('readiness answers 503 when the database takes over 2 s (PGlite)', async (context) => {
    if (t.database.kind !== 'pglite') context.skip();
    const slow = await createTestApp({}, { emptyDatabase: true });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = slow.ctx.db.transaction().execute(async (trx) => {
        await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute();
        await held;
      });
      const started = Date.now();
      const ready = await get(slow, '/actuator/health/readiness');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual(NOT_READY);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      release();
      await transaction;
      expect((await get(slow, '/actuator/health/readiness')).statusCode).toBe(200);
    } finally {
      await slow.close();
    }
  });
});
