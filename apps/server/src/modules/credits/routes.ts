import { creditEndpoints as api, creditDocumentEndpoints } from '@groeipad/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { endpointRoute } from '../../plugins/endpoint.ts';
import { type CreditDocumentKind, renderCreditDocument } from './documents.ts';
import { findCreditTransaction } from './repository.ts';
import {
  acceptQuote,
  authorizeCredits,
  buyCredits,
  extendTrajectories,
  getCreditTransaction,
  listCreditTransactions,
  listOpenQuotes,
  listPrices,
  listTrajectoryTransactions,
  priceOrder,
  receivePaymentWebhook,
  requestQuote,
  setDiscount,
} from './service.ts';
import { completeTestPayment, getTestPayment } from './test-checkout.ts';

/** Credits, prices, quotes, invoices, extensions and payments (spec part 2 §7; D22–D25; issue 11). */
export const creditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['credits'];
  const actor = (request: FastifyRequest) => organisationActor(ctx, request);

  // Mollie posts its webhook as a form (`id=tr_…`); in this plugin only, a small form body is read too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.route(
    endpointRoute(api.prices, { tags }, async (_input, request) => {
      authorizeCredits(await actor(request), 'readPrices');
      return listPrices(ctx);
    }),
  );
  app.route(
    endpointRoute(api.calculate, { tags }, async ({ body }, request) =>
      priceOrder(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(api.transactions, { tags }, async ({ query }, request) =>
      listCreditTransactions(ctx, await actor(request), query),
    ),
  );
  app.route(
    endpointRoute(api.transaction, { tags }, async ({ params }, request) =>
      getCreditTransaction(ctx, await actor(request), params.id),
    ),
  );
  app.route(
    endpointRoute(api.trajectoryTransactions, { tags }, async ({ query }, request) =>
      listTrajectoryTransactions(ctx, await actor(request), query),
    ),
  );
  app.route(
    endpointRoute(api.buy, { tags }, async ({ body }, request) =>
      buyCredits(ctx, await actor(request), body, { ip: request.ip }),
    ),
  );
  app.route(
    endpointRoute(api.requestQuote, { tags }, async ({ body }, request) =>
      requestQuote(ctx, await actor(request), body, { ip: request.ip }),
    ),
  );
  app.route(
    endpointRoute(api.quotes, { tags }, async (_input, request) => listOpenQuotes(ctx, await actor(request))),
  );
  app.route(
    endpointRoute(api.accept, { tags }, async ({ params, body }, request) =>
      acceptQuote(ctx, await actor(request), params.id, body, { ip: request.ip }),
    ),
  );
  app.route(
    endpointRoute(api.extend, { tags }, async ({ body }, request) =>
      extendTrajectories(ctx, await actor(request), body),
    ),
  );
  app.route(
    endpointRoute(api.setDiscount, { tags }, async ({ params, body }, request) => {
      await setDiscount(ctx, principalOf(request).user_id, params.id, body.discount);
      return null;
    }),
  );
  app.route(
    endpointRoute(api.webhook, { tags }, async ({ body }, request) => {
      await receivePaymentWebhook(ctx, body.id, { ip: request.ip });
      return null;
    }),
  );
  app.route(
    endpointRoute(api.testPayment, { tags }, async ({ params }) => getTestPayment(ctx, params.paymentId)),
  );
  app.route(
    endpointRoute(api.completeTestPayment, { tags }, async ({ params, body }, request) =>
      completeTestPayment(ctx, params.paymentId, body.status, { ip: request.ip }),
    ),
  );

  // The quote and invoice PDFs (D25), drawn from what the transaction keeps; ADMIN or OWNER.
  for (const kind of ['quote', 'invoice'] as const satisfies CreditDocumentKind[]) {
    app.route(
      endpointRoute(creditDocumentEndpoints[kind], { tags }, async ({ params }, request, reply) => {
        const who = await actor(request);
        authorizeCredits(who, 'readTransactions');
        const row = await findCreditTransaction(ctx.db, who.organisationId, params.id);
        if (!row || (kind === 'quote' ? row.quote_number : row.invoice_number) === null) throw notFound();
        const file = await renderCreditDocument(ctx, row, kind);
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'private, no-cache')
          .send(file.pdf);
      }),
    );
  }
};
