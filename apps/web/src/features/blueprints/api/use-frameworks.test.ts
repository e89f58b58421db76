import { describe, expect, it } from 'vitest';
import { caseFileName } from './use-frameworks';

describe('caseFileName', () => {
  it('is the list’s name without path characters, as a .case.json file', () => {
    expect(caseFileName('Verzorgende IG')).toBe('Verzorgende IG.case.json');
    expect(caseFileName('Zorg: B1 / K1 *nieuw*')).toBe('Zorg B1 K1 nieuw.case.json');
    expect(caseFileName('Ölçü – één')).toBe('Ölçü – één.case.json');
    expect(caseFileName(' / ')).toBe('competentiekader.case.json');
    expect(caseFileName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.case.json`);
  });
});
