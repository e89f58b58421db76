/** What the rest of the server uses of credits: only through here (issue "Floors, enforced"). */

export { CreditGrantError, grantCredits } from './grant.ts';
export { bookLedgerEntry } from './repository.ts';
export { registerCreditJobs } from './service.ts';
