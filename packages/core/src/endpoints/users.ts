import { zCurrentUser, zUpdateCurrentUser } from '../contract/users.ts';
import { defineEndpoint } from './define.ts';

/** The signed-in user's own account (spec part 2 §7 "Users"). */
export const userEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/users/me',
    response: zCurrentUser,
    status: 200,
    summary: 'Get the signed-in user',
  }),
  updateMe: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me',
    body: zUpdateCurrentUser,
    response: zCurrentUser,
    status: 200,
    summary: 'Change the signed-in user’s name',
  }),
};
