/** What the rest of the server uses of users: only through here (issue "Floors, enforced"). */
export { findUserByEmail, findUserById, insertUser, updateUser } from './repository.ts';
