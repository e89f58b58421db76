/** What other features use of organisations: only through here (issue "Floors, enforced"). */
export { useOrganisations } from './api/use-organisations';
