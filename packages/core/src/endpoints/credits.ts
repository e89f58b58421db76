import { zIdParams } from '../contract/common.ts';
import {
  zCreditPageQuery,
  zCreditPurchaseRequest,
  zCreditTransaction,
  zCreditTransactionIdParams,
  zCreditTransactionPage,
  zDiscountInput,
  zExtensionResult,
  zOrderRequest,
  zPaymentWebhook,
  zPricedOrder,
  zPriceTiers,
  zPurchaseResponse,
  zQuoteListQuery,
  zQuotes,
  zTestPayment,
  zTestPaymentChoice,
  zTestPaymentParams,
  zTestPaymentResult,
  zTrajectoryTransactionPage,
} from '../contract/credits.ts';
import { defineEndpoint, zFileContent, zNoContent } from './define.ts';

/**
 * Credits, prices, quotes, invoices and extensions (spec part 2 §2, §4, §5, §7 "Credits, prices, quotes";
 * D12, D22–D25; issue 11). Every call acts in the organisation of the access token, which must be a
 * private one (credits exist only there, DESIGN "Things the spec leaves open").
 */
export const creditEndpoints = {
  prices: defineEndpoint({
    method: 'GET',
    path: '/api/prices',
    response: zPriceTiers,
    status: 200,
    summary: 'List the price tiers',
    description: 'The price tiers `{months, credits}` from PRICE_TIERS (D24), by months.',
  }),
  calculate: defineEndpoint({
    method: 'POST',
    path: '/api/prices/calculations',
    body: zOrderRequest,
    response: zPricedOrder,
    status: 200,
    summary: 'Price a trajectory extension order',
    description:
      'Prices an extension order: credits per line from its tier and the exact total. Only trajectories the ' +
      'user may PURCHASE (others: 404); a month count no tier offers: 400 invalidValue (D24).',
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/credits/transactions',
    query: zCreditPageQuery,
    response: zCreditTransactionPage,
    status: 200,
    summary: 'List the organisation’s credit purchases and quotes',
    description: 'Credit purchases and quotes of the organisation, newest first, 20 a page; ADMIN or OWNER.',
  }),
  transaction: defineEndpoint({
    method: 'GET',
    path: '/api/credits/transactions/:id',
    params: zCreditTransactionIdParams,
    response: zCreditTransaction,
    status: 200,
    summary: 'Get a credit transaction',
    description:
      'One credit transaction (beyond the spec): the page the checkout returns to reads how the payment ended.',
  }),
  trajectoryTransactions: defineEndpoint({
    method: 'GET',
    path: '/api/credits/trajectories',
    query: zCreditPageQuery,
    response: zTrajectoryTransactionPage,
    status: 200,
    summary: 'List the trajectory extensions paid with credits',
    description: 'Extensions paid with credits, newest first, 20 a page; ADMIN or OWNER.',
  }),
  buy: defineEndpoint({
    method: 'POST',
    path: '/api/credits',
    body: zCreditPurchaseRequest,
    response: zPurchaseResponse,
    status: 200,
    summary: 'Buy credits',
    errors: [429],
    description:
      'OWNER only: a purchase of `amount` credits (whole euros 10–1000, else 400 range) at checkout; answers ' +
      'the checkout address as `redirect`. Credits are added once, when the payment is paid (D22, D23).',
  }),
  requestQuote: defineEndpoint({
    method: 'POST',
    path: '/api/credits/quotes',
    body: zCreditPurchaseRequest,
    response: zPurchaseResponse,
    status: 201,
    summary: 'Request a quote for credits',
    errors: [429],
    description:
      'OWNER only: a quote for `amount` credits (D25: a credit transaction with status `quote` and a PDF). ' +
      'Answers `{}`: the web then shows /quote-success.',
  }),
  quotes: defineEndpoint({
    method: 'GET',
    path: '/api/credits/quotes',
    query: zQuoteListQuery,
    response: zQuotes,
    status: 200,
    summary: 'List the open quotes',
    description: 'The open quotes (not yet accepted), newest first; ADMIN or OWNER.',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/credits/transactions/:id/accept',
    params: zCreditTransactionIdParams,
    body: zCreditPurchaseRequest,
    response: zPurchaseResponse,
    status: 200,
    summary: 'Accept a quote and pay it',
    errors: [429],
    description:
      'OWNER only: sends a quote to checkout for exactly the quoted amount (another amount: 400 invalidValue); ' +
      'the reference may change. A quote accepted before: 409 quoteAccepted (D25).',
  }),
  extend: defineEndpoint({
    method: 'POST',
    path: '/api/credits/trajectories',
    body: zOrderRequest,
    response: zExtensionResult,
    status: 201,
    summary: 'Extend trajectories with credits',
    description:
      'ADMIN or OWNER with PURCHASE on every trajectory of the order: deducts the credits and moves each ' +
      '`activeUntil` to max(today, activeUntil) + months (D24), all in one transaction. Too few credits: ' +
      '409 insufficientCredits and nothing changes.',
  }),
  setDiscount: defineEndpoint({
    method: 'PUT',
    path: '/api/organisations/:id/discount',
    params: zIdParams,
    body: zDiscountInput,
    response: zNoContent,
    status: 204,
    summary: 'Set an organisation’s discount',
    description:
      "D23: the provider's staff (ADMIN or OWNER of organisation 0) set an organisation's discount " +
      'percentage (0–100); for anyone else the organisation is not there (404).',
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    secured: false,
    body: zPaymentWebhook,
    response: zNoContent,
    status: 200,
    summary: 'Receive the payment provider’s webhook',
    errors: [429],
    description:
      "The payment provider's webhook (D22): the payment's status is fetched from the provider, never taken " +
      'from the call; a status is applied once, credits are added once, whatever the number of calls. Limited ' +
      'per client address (RATE_LIMIT_WEBHOOK_PER_MINUTE): past it 429 with Retry-After, and the provider retries.',
  }),
  testPayment: defineEndpoint({
    method: 'GET',
    path: '/api/payments/test/:paymentId',
    secured: false,
    params: zTestPaymentParams,
    response: zTestPayment,
    status: 200,
    summary: 'Get a payment of the test checkout',
    description: 'The built-in test checkout (D22, without MOLLIE_API_KEY): a payment as its page shows it.',
  }),
  completeTestPayment: defineEndpoint({
    method: 'POST',
    path: '/api/payments/test/:paymentId',
    secured: false,
    params: zTestPaymentParams,
    body: zTestPaymentChoice,
    response: zTestPaymentResult,
    status: 200,
    summary: 'End a payment of the test checkout',
    errors: [429],
    description:
      'The test checkout: the payer ends an open payment as paid, canceled, expired or failed; the webhook is ' +
      'called as Mollie would and the payer is sent back to the purchase’s redirect. An ended payment: 409.',
  }),
};

/** The quote and invoice PDFs (D25), drawn from what the transaction keeps; ADMIN or OWNER. */
export const creditDocumentEndpoints = {
  quote: defineEndpoint({
    method: 'GET',
    path: '/api/credits/transactions/:id/quote',
    params: zCreditTransactionIdParams,
    response: zFileContent,
    produces: 'application/pdf',
    status: 200,
    summary: 'Download a credit transaction’s quote',
    description: 'The quote of a credit transaction as a PDF; 404 when it has none.',
  }),
  invoice: defineEndpoint({
    method: 'GET',
    path: '/api/credits/transactions/:id/invoice',
    params: zCreditTransactionIdParams,
    response: zFileContent,
    produces: 'application/pdf',
    status: 200,
    summary: 'Download a credit transaction’s invoice',
    description: 'The invoice of a credit transaction as a PDF; 404 when it has none.',
  }),
};
