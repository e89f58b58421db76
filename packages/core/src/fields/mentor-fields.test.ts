import { describe, expect, it } from 'vitest';
import { type Field, zFields } from '../contract/fields.ts';
import { mentorFromForm } from './mentor-fields.ts';

const text = (uuid: string, name: string, holds?: 'mentorEmail' | 'mentorName') =>
  ({ uuid, name, type: 'text', required: false, ...(holds ? { holds } : {}) }) as Field;
const group = (uuid: string, name: string, children: Field[]) =>
  ({ uuid, name, type: 'group', required: false, collapsed: false, children }) as Field;

describe('mentorFromForm (issue 31)', () => {
  it('takes the fields the blueprint marks, in groups too, and only those when any is marked', () => {
    const fields = [
      text('a', 'Praktijkopleider'),
      group('g', 'Leerbedrijf', [text('b', 'Begeleider', 'mentorName'), text('c', 'Mail', 'mentorEmail')]),
    ];
    const values = { a: 'Label Match', b: 'Petra Bakker', c: ' Petra@DeLinde.nl ' };
    expect(mentorFromForm(fields, values)).toEqual({ email: 'petra@delinde.nl', name: 'Petra Bakker' });
  });

  it('recognises fields by their names when none is marked', () => {
    const fields = [
      text('n', 'Naam'),
      group('l', 'Leerbedrijf', [
        text('p', 'Praktijkopleider'),
        text('e', 'E-mail praktijkopleider'),
        group('c', 'Contact', [text('x', 'E-mail')]),
      ]),
    ];
    const values = { n: 'Sanne', p: 'Petra Bakker', e: 'petra@delinde.nl', x: 'sanne@school.nl' };
    expect(mentorFromForm(fields, values)).toEqual({ email: 'petra@delinde.nl', name: 'Petra Bakker' });
    const inGroup = [group('m', 'Mentor', [text('a', 'Naam'), text('b', 'Telefoon'), text('c', 'E-mail')])];
    expect(mentorFromForm(inGroup, { a: 'Jan', b: '0612345678', c: 'jan@bedrijf.nl' })).toEqual({
      email: 'jan@bedrijf.nl',
      name: 'Jan',
    });
  });

  it('leaves out what the reader did not get, empty values and an e-mail that is no address', () => {
    const fields = [text('e', 'x', 'mentorEmail'), text('n', 'y', 'mentorName')];
    expect(mentorFromForm(fields, {})).toEqual({ email: '', name: '' });
    expect(mentorFromForm(fields, { e: 'geen adres', n: '  ' })).toEqual({ email: '', name: '' });
    expect(mentorFromForm([], { e: 'a@b.nl' })).toEqual({ email: '', name: '' });
  });

  it('keeps `holds` on a text field and refuses an unknown one', () => {
    const parsed = zFields.parse([{ uuid: 'a', name: 'E-mail', type: 'text', holds: 'mentorEmail' }]);
    expect(parsed[0]).toMatchObject({ holds: 'mentorEmail' });
    const wrong = zFields.safeParse([{ uuid: 'a', name: 'E-mail', type: 'text', holds: 'student' }]);
    expect(wrong.success).toBe(false);
  });
});
