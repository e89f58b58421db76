import type { PurchaseResponse } from '@groeipad/core';
import type { NavigateFunction } from 'react-router';

/**
 * After a credit call (spec part 2 §4): to the returned address when there is one (the checkout), else to
 * the local success route, replacing the history entry.
 */
export function followPurchase(
  answer: PurchaseResponse,
  navigate: NavigateFunction,
  successPath: string,
): void {
  if (answer.redirect) {
    const target = new URL(answer.redirect, window.location.origin);
    // The built-in test checkout is a page of this app: no full reload needed.
    if (target.origin === window.location.origin)
      navigate(target.pathname + target.search, { replace: true });
    else window.location.assign(target.toString());
    return;
  }
  navigate(successPath, { replace: true });
}
