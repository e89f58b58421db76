import { describe, expect, it } from 'vitest';
import { isMentorWorker, MENTOR_WORKER } from './service-worker';

describe('which background worker the app keeps (spec part 2 §9, D54)', () => {
  const origin = 'https://groeipad.example';

  it('keeps only the mentor page’s worker: its script, its scope, this origin', () => {
    expect(isMentorWorker(`${origin}/mentor`, `${origin}${MENTOR_WORKER.script}`, origin)).toBe(true);
    expect(isMentorWorker(`${origin}/`, `${origin}${MENTOR_WORKER.script}`, origin)).toBe(false);
    expect(isMentorWorker(`${origin}/mentor`, `${origin}/old-worker.js`, origin)).toBe(false);
    expect(isMentorWorker(`${origin}/mentor`, `https://elders.example${MENTOR_WORKER.script}`, origin)).toBe(
      false,
    );
    expect(isMentorWorker(`${origin}/mentor`, undefined, origin)).toBe(false);
  });
});
