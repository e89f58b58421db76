import { describe, expect, it } from 'vitest';
import { idFromLocation } from './use-create-blueprint';

describe('idFromLocation', () => {
  it('reads the new id from the Location header', () => {
    expect(idFromLocation('/api/blueprints/42')).toBe(42);
    expect(idFromLocation('http://localhost:3000/api/blueprints/7/')).toBe(7);
  });

  it('treats a missing or odd Location header as a failure (spec part 2 §7)', () => {
    expect(() => idFromLocation(null)).toThrow();
    expect(() => idFromLocation('/api/blueprints/abc')).toThrow();
  });
});
