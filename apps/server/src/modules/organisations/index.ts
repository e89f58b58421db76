/** What the rest of the server uses of organisations: only through here (issue "Floors, enforced"). */
export { findMembershipRole, hasMembership, insertMembership, insertOrganisation } from './repository.ts';
