import type { ImportOrganisationUsers } from '@groeipad/core';
import { findColumn, normaliseHeader } from '../../../lib/spreadsheet';

/** Header texts of the e-mail column (compared without case, spaces or hyphens). */
export const EMAIL_HEADERS = ['e-mail', 'email', 'emailadres', 'e-mailadres', 'e-mail address', 'mail'];
/** Header texts of the role column. */
export const ROLE_HEADERS = ['rol', 'role'];

/** Role names people write in a sheet, Dutch or English, mapped to the role codes. */
const ROLE_NAMES: Record<string, string> = {
  gebruiker: 'USER',
  user: 'USER',
  beheerder: 'ADMIN',
  admin: 'ADMIN',
  administrator: 'ADMIN',
  eigenaar: 'OWNER',
  owner: 'OWNER',
};

const EMAIL_MAX = 1000;
const ROLE_MAX = 100;

export interface MemberColumns {
  email: number;
  /** -1 when the sheet has no role column. */
  role: number;
}

/**
 * Where the e-mail and role are: the column headed like "e-mail"/"email"/"emailadres", else the
 * first; the column headed "rol"/"role", else the second (none when that is the e-mail column).
 */
export function memberColumns(header: readonly string[]): MemberColumns {
  const email = findColumn(header, EMAIL_HEADERS, 0);
  const headed = findColumn(header, ROLE_HEADERS, -1);
  if (headed !== -1) return { email, role: headed };
  // Column 2, unless that holds the e-mail or is headed as another e-mail column.
  const second = header[1] ?? '';
  const role = email === 1 || findColumn([second], EMAIL_HEADERS, -1) === 0 ? -1 : 1;
  return { email, role };
}

/**
 * The rows of an imported sheet as import rows: the first row is the header; rows without any
 * text are left out; everything else is sent as it is, the server drops invalid or existing
 * e-mail addresses and turns an unknown role into USER. Dutch and English role names
 * ("Beheerder", "owner") become their codes.
 */
export function membersFromRows(rows: readonly (readonly string[])[]): ImportOrganisationUsers['users'] {
  const [header, ...data] = rows;
  if (!header) return [];
  const columns = memberColumns(header);
  const users: ImportOrganisationUsers['users'] = [];
  for (const row of data) {
    if (row.every((cell) => cell.trim() === '')) continue;
    // Cut to the contract's limits: an overlong cell is dropped by the server, not the whole import.
    const email = (row[columns.email] ?? '').trim().slice(0, EMAIL_MAX);
    const roleText = columns.role === -1 ? '' : (row[columns.role] ?? '').trim().slice(0, ROLE_MAX);
    const role = ROLE_NAMES[normaliseHeader(roleText)] ?? roleText;
    users.push(role ? { email, role } : { email });
  }
  return users;
}
