import { describe, expect, it } from 'vitest';
import type { Field } from '../contract/fields.ts';
import { zFields } from '../contract/fields.ts';
import { effectiveRights } from './effective.ts';
import { fieldAccessByUuid, hasNoReadableField, informationFieldAccess } from './field-access.ts';
import { H, NONE, R, RO, role } from './test-roles.ts';
import { visibleEvaluation, visibleForm, visibleReport } from './visible-document.ts';

const fields: Field[] = zFields.parse([
  { uuid: 'name#student', name: 'Name', type: 'text', value: 'Ann' },
  {
    uuid: 'g',
    name: 'Group',
    type: 'group',
    children: [
      { uuid: 'age', name: 'Age', type: 'integer', value: 12 },
      { uuid: 'secret', name: 'Secret', type: 'text', value: 's' },
    ],
  },
  {
    uuid: 'cl',
    name: 'Competences',
    type: 'competence_list',
    levels: [{ level: 1, elements: ['e1', 'e2'] }],
  },
]);

function names(list: readonly Field[]): string[] {
  return list.flatMap((f) =>
    f.type === 'group' ? [f.name, ...names(f.children).map((n) => `${f.name}.${n}`)] : [f.name],
  );
}

describe('information field rights (spec part 1 §6)', () => {
  it('rights at the root are inherited by every field', () => {
    const form = visibleForm({ fields }, [role({ name: 'r', informationRights: { '': RO } })]);
    expect(names(form.fields)).toEqual(['Name', 'Group', 'Group.Age', 'Group.Secret', 'Competences']);
  });
  it('rights are inherited by children; a child entry overrides within the role', () => {
    const form = visibleForm({ fields }, [role({ name: 'r', informationRights: { g: RO, secret: H } })]);
    expect(names(form.fields)).toEqual(['Group', 'Group.Age']);
  });
  it('a group is readable if any child is readable; only readable children are shown', () => {
    const form = visibleForm({ fields }, [role({ name: 'r', informationRights: { age: RO } })]);
    expect(names(form.fields)).toEqual(['Group', 'Group.Age']);
  });
  it('a competence list is readable if any element is readable', () => {
    const access = informationFieldAccess(fields, [role({ name: 'r', informationRights: { e2: RO } })]);
    expect([...access].filter(([, a]) => a.read).map(([f]) => f.name)).toEqual(['Competences']);
  });
  it('the key of a uuid is the part before #', () => {
    const form = visibleForm({ fields }, [role({ name: 'r', informationRights: { name: RO } })]);
    expect(names(form.fields)).toEqual(['Name']);
  });
  it('several roles merge with OR; hidden applies only if not otherwise granted', () => {
    const roles = [
      role({ name: 'a', informationRights: { '': RO } }),
      role({ name: 'b', informationRights: { secret: H, name: H } }),
    ];
    const access = informationFieldAccess(fields, roles);
    const secret = [...access].find(([f]) => f.uuid === 'secret')?.[1];
    expect(secret).toEqual({ read: true, write: false, hidden: false });
    expect(names(visibleForm({ fields }, roles).fields)).toContain('Group.Secret');
  });
  it('hidden fields are omitted and an empty entry grants nothing', () => {
    const roles = [role({ name: 'a', informationRights: { '': R, secret: H, age: NONE } })];
    expect(names(visibleForm({ fields }, roles).fields)).toEqual(['Name', 'Group', 'Competences']);
  });
  it('without read on any field the section shows noAccess', () => {
    expect(hasNoReadableField(informationFieldAccess(fields, [role({ name: 'x' })]))).toBe(true);
    expect(
      hasNoReadableField(
        informationFieldAccess(fields, [role({ name: 'x', informationRights: { age: RO } })]),
      ),
    ).toBe(false);
  });
  it('keeps the other properties of the document', () => {
    const form = visibleForm({ fields, version: 3 }, []);
    expect(form).toEqual({ fields: [], version: 3 });
  });
});

describe('reports', () => {
  const report = {
    id: 1,
    name: 'Term report',
    structure: fields,
    values: { 'name#student': 'Ann', age: 12, secret: 's', unknown: 1 },
  };
  it('whole-report read shows every field', () => {
    const roles = [role({ name: 'r', reportRights: { 'Term report': { '': { read: true } } } })];
    const visible = visibleReport(report, roles);
    expect(names(visible?.structure ?? [])).toEqual([
      'Name',
      'Group',
      'Group.Age',
      'Group.Secret',
      'Competences',
    ]);
    expect(visible?.values).toEqual({ 'name#student': 'Ann', age: 12, secret: 's' });
  });
  it('field entries alone show only those fields and values', () => {
    const roles = [role({ name: 'r', reportRights: { 'Term report': { age: RO } } })];
    const visible = visibleReport(report, roles);
    expect(names(visible?.structure ?? [])).toEqual(['Group', 'Group.Age']);
    expect(visible?.values).toEqual({ age: 12 });
  });
  it('rights of another report blueprint do not count', () => {
    const roles = [
      role({ name: 'r', reportRights: { Other: { '': { admin: true, read: true, write: true } } } }),
    ];
    expect(visibleReport(report, roles)).toBeNull();
  });
  it('a hidden whole report with a readable field entry shows that field', () => {
    const roles = [
      role({ name: 'r', reportRights: { 'Term report': { '': { hidden: true }, secret: RO } } }),
    ];
    expect(visibleReport(report, roles)?.values).toEqual({ secret: 's' });
  });
});

describe('evaluation', () => {
  it('read is needed to see it', () => {
    expect(visibleEvaluation({ criteria: [] }, effectiveRights([role({ name: 'r' })]))).toBeNull();
    const reader = effectiveRights([role({ name: 'r', evaluationRights: { read: true } })]);
    expect(visibleEvaluation({ criteria: [] }, reader)).toEqual({ criteria: [] });
  });
});

describe('access by uuid', () => {
  it('keys the resolved access by full uuid', () => {
    const byUuid = fieldAccessByUuid(
      informationFieldAccess(fields, [role({ name: 'r', informationRights: { name: R } })]),
    );
    expect(byUuid.get('name#student')).toEqual({ read: true, write: true, hidden: false });
    expect(byUuid.get('age')).toEqual({ read: false, write: false, hidden: false });
  });
});

describe('calculations name only readable fields (D18, D40)', () => {
  const form = {
    fields: zFields.parse([
      { uuid: 'salaris', name: 'Salaris', type: 'integer' },
      { uuid: 'uren', name: 'Uren', type: 'integer' },
      { uuid: 'calc', name: 'Jaarloon', type: 'calculation' },
    ]),
    values: { salaris: 3000, uren: 32, calc: '$Salaris * 12 + $Uren' } as Record<string, unknown>,
  };
  const reader = role({
    name: 'Student',
    informationRights: { '': RO, salaris: H },
    evaluationRights: { read: false, write: false },
    reportRights: {},
    adminRights: { purchase: false, metadata: false, rights: false },
  });

  it('shows a hidden reference as $… in the form values and leaves the stored form alone', () => {
    const seen = visibleForm(form, [reader]);
    expect(seen.values).toEqual({ uren: 32, calc: '$… * 12 + $Uren' });
    expect(JSON.stringify(seen)).not.toContain('Salaris');
    expect(form.values.calc).toBe('$Salaris * 12 + $Uren');
  });

  it('does the same for a report’s values and a default expression in its tree', () => {
    const report = {
      name: 'Verslag',
      structure: zFields.parse([
        { uuid: 'cijfer', name: 'Cijfer', type: 'integer' },
        { uuid: 'som', name: 'Som', type: 'calculation', value: '$Cijfer + 1' },
      ]),
      values: { cijfer: 7, som: '$Cijfer * 2' } as Record<string, unknown>,
    };
    const student = role({
      name: 'Student',
      informationRights: {},
      evaluationRights: { read: false, write: false },
      reportRights: { Verslag: { '': RO, cijfer: H } },
      adminRights: { purchase: false, metadata: false, rights: false },
    });
    const seen = visibleReport(report, [student]);
    expect(seen?.values).toEqual({ som: '$… * 2' });
    expect(seen?.structure).toEqual([expect.objectContaining({ uuid: 'som', value: '$… + 1' })]);
  });
});
