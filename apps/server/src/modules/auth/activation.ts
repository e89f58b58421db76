import type { Db } from '../../db/database.ts';

/** Who was just activated: their users row's id and address. */
export interface ActivatedAccount {
  id: number;
  email: string;
}

/**
 * What another module does when an account becomes active, in the transaction that activates it: by the
 * mailed link, by a password reset (which activates too) or by a first external sign-in. The mentor links
 * (issue 23) register theirs: an invitee who makes an account keeps the link's role as a user row (D11).
 */
export type ActivationStep = (trx: Db, account: ActivatedAccount) => Promise<void>;

/** The steps per app (its context): a process may hold several apps, as the tests do. */
const steps = new WeakMap<object, ActivationStep[]>();

/** Registers a step for the app of `ctx` (a module's routes do, when the app is built). */
export function onAccountActivated(ctx: object, step: ActivationStep): void {
  steps.set(ctx, [...(steps.get(ctx) ?? []), step]);
}

/** Runs every step registered for the app of `ctx` for a newly active account. */
export async function accountActivated(ctx: object, trx: Db, account: ActivatedAccount): Promise<void> {
  for (const step of steps.get(ctx) ?? []) await step(trx, account);
}

/**
 * Whether an account has access waiting for it (D53): something another module holds for the address, such
 * as a mentor link, that the activation turns into roles. Such an account is activated only with a password
 * chosen on the activation page. Modules register their check like their step.
 */
export type AccessWaitingCheck = (db: Db, account: ActivatedAccount) => Promise<boolean>;

const waitingChecks = new WeakMap<object, AccessWaitingCheck[]>();

export function onAccessWaiting(ctx: object, check: AccessWaitingCheck): void {
  waitingChecks.set(ctx, [...(waitingChecks.get(ctx) ?? []), check]);
}

export async function accessWaiting(ctx: object, db: Db, account: ActivatedAccount): Promise<boolean> {
  for (const check of waitingChecks.get(ctx) ?? []) if (await check(db, account)) return true;
  return false;
}
