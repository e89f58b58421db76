import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverFloorBreaches } from '../test/floors.ts';

/**
 * The server's floors only point down (issue "Floors, enforced"; the rules in test/floors.ts, each proved
 * to catch a planted violation by test/floors-planted.test.ts). Tests are left out of the graph.
 */
const breaches = serverFloorBreaches(
  import.meta.dirname,
  join(import.meta.dirname, '../../../packages/core/src/rights'),
);

describe('server floors that only point down', () => {
  it('has no import cycles', () => {
    expect(breaches.cycles).toEqual([]);
  });

  it('reaches a module from outside it only through its index.ts (composition root aside)', () => {
    expect(breaches.bypassedIndex).toEqual([]);
  });

  it('keeps db/, plugins/, adapters/, jobs/, engine/, sanitise/, i18n/ and ops/ from reaching any module, directly or not', () => {
    expect(breaches.modulesFromBelow).toEqual([]);
  });

  it("has each module's index.ts name what it shows (no export *, no code of its own)", () => {
    expect(breaches.indexInternals).toEqual([]);
  });

  it('imports no module whose name is computed at run time, but the allowed ones', () => {
    expect(breaches.computedImports).toEqual([]);
  });

  it("decides rights on a trajectory only in the grant, the policy and the parts (core's rights helpers)", () => {
    expect(breaches.rightsOutsideTheGrant).toEqual([]);
  });
});
