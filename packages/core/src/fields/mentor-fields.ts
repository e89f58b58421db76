import { isValidEmail, normaliseEmail } from '../account/email.ts';
import type { Field, TextFieldHolds } from '../contract/fields.ts';
import { walkFields } from './tree.ts';

/** Words that name a workplace mentor in a field's or group's name (nl and en), for the label fallback. */
const MENTOR_WORDS =
  /praktijkopleider|praktijkbegeleider|werkbegeleider|stagebegeleider|leermeester|mentor|workplace supervisor/i;
const EMAIL_WORDS = /e-?mail/i;
const NAME_ONLY = /^\s*(naam|volledige naam|name|full name)\s*$/i;
const CONTACT_WORDS = /e-?mail|telefoon|phone|tel\b|mobiel|mobile|adres|address/i;

/** The mentor's e-mail and name as a form holds them (issue 31); '' where it holds none. */
export interface MentorFromForm {
  email: string;
  name: string;
}

function textValue(values: Readonly<Record<string, unknown>>, uuid: string): string {
  const value = Object.hasOwn(values, uuid) ? values[uuid] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * What `holds` a text field has by its name, when the blueprint names none (the label fallback): an
 * e-mail field under or named after a mentor word ("E-mail praktijkopleider", group "Mentor" → "E-mail")
 * is the mentor's e-mail; a field named after a mentor ("Praktijkopleider"), or a plain name field under a
 * mentor group, is the mentor's name. Contact fields (phone, address) never are.
 */
function holdsByName(field: Field, ancestors: readonly Field[]): TextFieldHolds | null {
  const path = [...ancestors.map((group) => group.name), field.name].join(' ');
  if (!MENTOR_WORDS.test(path)) return null;
  if (EMAIL_WORDS.test(field.name)) return 'mentorEmail';
  if (CONTACT_WORDS.test(field.name)) return null;
  return MENTOR_WORDS.test(field.name) || NAME_ONLY.test(field.name) ? 'mentorName' : null;
}

/**
 * The mentor invitation's prefill (issue 31) from a trajectory's form as its reader got it (GET …/form: only
 * fields and values they may read, D33): the first non-empty text field the blueprint marks `holds:
 * 'mentorEmail'` / `'mentorName'`. When the form marks neither, fields are recognised by their names
 * (`holdsByName`). An e-mail value that is no e-mail address is not used.
 */
export function mentorFromForm(
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
): MentorFromForm {
  const texts = [...walkFields(fields)].filter((visit) => visit.field.type === 'text');
  const marked = texts.some(({ field }) => field.type === 'text' && field.holds !== undefined);
  const found: MentorFromForm = { email: '', name: '' };
  for (const { field, ancestors } of texts) {
    const holds = marked
      ? field.type === 'text'
        ? (field.holds ?? null)
        : null
      : holdsByName(field, ancestors);
    const value = textValue(values, field.uuid);
    if (holds === 'mentorEmail' && found.email === '' && isValidEmail(value))
      found.email = normaliseEmail(value);
    if (holds === 'mentorName' && found.name === '' && value !== '') found.name = value;
  }
  return found;
}
