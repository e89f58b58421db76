import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import {
  zCreateOrganisationUser,
  zImportOrganisationUsers,
  zOrganisationUser,
  zOrganisationUserParams,
  zOrganisationUsersImported,
  zUpdateOrganisationUser,
} from '../contract/organisation-users.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/** Members of an organisation (spec part 2 §7 "Organisations"; import and invitations: issue 6). */
export const memberEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/organisations/:id/users',
    params: zIdParams,
    response: z.array(zOrganisationUser),
    status: 200,
    summary: 'List an organisation’s members',
    description: 'Members sorted by e-mail; `pending`: invited, not registered yet. OWNER and ADMIN.',
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/organisations/:id/users',
    params: zIdParams,
    body: zCreateOrganisationUser,
    response: zOrganisationUser,
    status: 201,
    summary: 'Add or invite a member',
    description:
      'Adds a member (role default USER; only an OWNER gives OWNER). An address without an account ' +
      'gets an invitation mail and becomes an active member on registering.',
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/api/organisations/:id/users/import',
    params: zIdParams,
    body: zImportOrganisationUsers,
    response: zOrganisationUsersImported,
    status: 200,
    summary: 'Import members from a spreadsheet',
    description:
      'Adds the rows of a spreadsheet: invalid or existing addresses are skipped, unknown roles become USER.',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/organisations/:id/users/:userId',
    params: zOrganisationUserParams,
    body: zUpdateOrganisationUser,
    response: zOrganisationUser,
    status: 200,
    summary: 'Change a member’s role',
    description: 'Changes a role; not the own row (ownMembership), never the last OWNER (409 lastOwner).',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/organisations/:id/users/:userId',
    params: zOrganisationUserParams,
    response: zNoContent,
    status: 204,
    summary: 'Remove a member',
    description: 'Removes a member; not the own row (ownMembership), never the last OWNER (409 lastOwner).',
  }),
};
