import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from './new-uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where the page has it', () => {
    expect(newUuid()).toMatch(V4);
  });

  it('makes a version-4 uuid from random bytes on plain http pages', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(newUuid()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
