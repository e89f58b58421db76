import { describe, expect, it } from 'vitest';
import { applyPatch } from './apply.ts';
import { zJsonPatch } from './schema.ts';

/**
 * PATCH …/form, …/information, …/reports/{id} and /api/blueprints/{type}/{id}/content take a JSON
 * Patch (RFC 6902). The body parses through zJsonPatch before anything is applied.
 */
describe('a JSON Patch request body', () => {
  it('parses the form edit of a student: values addressed by field uuid (D1, D33), and applies', () => {
    const body = [
      { op: 'test', path: '/values/f-naam', value: 'Sanne de Vries' },
      { op: 'replace', path: '/values/f-naam', value: 'Sanne de Vries-Jansen' },
      { op: 'add', path: '/values/f-werkdagen', value: '["Maandag","Dinsdag"]' },
      { op: 'remove', path: '/values/f-website' },
      { op: 'copy', from: '/values/f-naam', path: '/values/f-naam-leerbedrijf' },
      { op: 'move', from: '/values/f-uren', path: '/values/f-reistijd' },
    ];
    const patch = zJsonPatch.parse(body);
    const form = { values: { 'f-naam': 'Sanne de Vries', 'f-website': 'zorggroep.nl', 'f-uren': 24 } };
    expect(applyPatch(form, patch)).toEqual({
      values: {
        'f-naam': 'Sanne de Vries-Jansen',
        'f-werkdagen': '["Maandag","Dinsdag"]',
        'f-naam-leerbedrijf': 'Sanne de Vries-Jansen',
        'f-reistijd': 24,
      },
    });
  });

  it('refuses unknown operations, a missing value or from, and non-JSON values', () => {
    for (const operation of [
      { op: 'jump', path: '/values/f-naam' },
      { op: 'add', path: '/values/f-naam' },
      { op: 'move', path: '/values/f-naam' },
      { op: 'replace', path: '/values/f-naam', value: () => 1 },
      { op: 'replace', value: 'x' },
    ])
      expect(zJsonPatch.safeParse([operation]).success).toBe(false);
  });

  it('a pointer over 2000 characters or a patch over 10,000 operations is tooLong', () => {
    const long = zJsonPatch.safeParse([{ op: 'remove', path: `/${'x'.repeat(2000)}` }]);
    expect(long.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['0.path', 'tooLong'],
    ]);
    const many = zJsonPatch.safeParse(Array.from({ length: 10_001 }, () => ({ op: 'remove', path: '/a' })));
    expect(many.error?.issues.map((issue) => issue.message)).toEqual(['tooLong']);
  });
});
