import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../lib/caller-key';
import { HttpError } from '../../lib/http-error';
import { errorBodySchema } from '../../lib/schemas';
import { claimPayment, findInvoiceById, isExpiredCheckout, type InvoiceRow } from '../invoice';
import { findPaymentByRef, PaymentProviderError, SandboxProvider, type PaymentRow } from '../payment';
import { purchaseDeps } from './deps';
import { overageApprovalPages } from './overage-consent';
import { checkoutPage, CLOSE_WINDOW_JS, html, PAGE_CSS, resultPage, type PageText } from './payment-page';
import { isPlanChangeLapsed } from './plan-change';
import { runPostPayment, resumeUnfinished } from './post-payment';
import { pageSchema, paypalSubscriptionReturnQuery, paypalReturnPageSchema } from './ref-params';
import { listSteps } from './repository';
import { assertStorableWebhookBody } from './webhook-body';
import { captureOnReturn, failPayment, handleWebhook } from './webhook-service';

const webhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('The same event (provider, event id) was received before'),
  status: z.enum(['Created', 'Pending', 'Paid', 'Failed', 'Refunded']).describe('Payment status after the event'),
});

/**
 * /api/payment: the webhook every provider calls, the sandbox payment page (PAYMENT_PROVIDER=sandbox) and PayPal's
 * return page. None of these carries a bearer token: webhooks are signed, the page ref is a random capability. They
 * settle purchases, so the purchase module serves them; the payment module below it only knows the providers.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;
  const deps = () => purchaseDeps(app);

  // Webhook signatures are over the exact bytes: keep the raw body (this plugin's routes only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // The sandbox page's plain forms post no fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  // Processes left unfinished by a crash or restart continue when the api is ready.
  app.addHook('onReady', async () => {
    const resumed = await resumeUnfinished(deps()).catch((err: unknown) => {
      app.log.error({ err }, 'resuming post-payment processes failed');
      return 0;
    });
    if (resumed) app.log.info({ resumed }, 'post-payment processes resumed');
  });

  app.post(
    '/webhook/:provider',
    {
      schema: {
        tags: ['payment'],
        summary: 'Signed event of the payment provider (stored once per provider and event id)',
        description:
          'sandbox: header x-sandbox-signature `t=<unix>,v1=<HMAC-SHA256 hex of "<t>.<body>">`; paypal: the ' +
          'PAYPAL-TRANSMISSION-* headers, verified offline (CRC32 of the body + certificate from an allow-listed host).',
        security: [],
        params: z.object({ provider: z.string().max(20) }),
        response: {
          200: webhookResponse,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
      // A budget of the webhooks' own per provider (PAYMENT_WEBHOOK_MAX a minute) instead of the per-address one,
      // so that a flood of other requests (from the provider's addresses too) never refuses a payment event. A
      // path naming no provider of ours counts by address, so made-up names do not spend the provider's budget.
      config: {
        rateLimit: {
          max: (request: FastifyRequest) => request.server.config.rateLimit.webhookPerProvider,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => {
            const named = (request.params as { provider?: string }).provider;
            return named === provider.name ? `provider:${named}` : addressKey(request);
          },
        },
      },
    },
    async (request) => {
      if (request.params.provider !== provider.name) {
        throw new HttpError(404, 'route-not-found', `No webhook for provider ${request.params.provider}`);
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      // Counted for the dashboards: events taken by kind, refusals and failures by the answer's slug.
      let outcome;
      try {
        assertStorableWebhookBody(rawBody);
        outcome = await handleWebhook(deps(), provider, { headers: request.headers, rawBody });
      } catch (err) {
        const type = err instanceof HttpError ? err.slug : 'internal-error';
        app.metrics.webhookFailures.inc({ provider: provider.name, type });
        throw err;
      }
      app.metrics.paymentEvents.inc({ provider: provider.name, type: outcome.kind });
      return { received: true as const, duplicate: outcome.duplicate, status: outcome.status };
    },
  );

  // The overage approval's consent page (sandbox) and return page (PayPal).
  await app.register(overageApprovalPages(provider, deps, () => app.config.seller.name));

  app.get('/assets/close-window.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'max-age=3600')
      .send(CLOSE_WINDOW_JS),
  );
  app.get('/assets/payment-page.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'max-age=3600').send(PAGE_CSS),
  );

  /** Why a refused draft cannot be paid: a plan change no longer possible, or a checkout that expired. */
  const expiredText = async (invoice: InvoiceRow): Promise<PageText> =>
    (await isPlanChangeLapsed(app.db, invoice)) ? 'planChangeLapsed' : 'expired';

  /** The page of a payment in its current state. */
  /** `justCancelled`: right after Cancel (then the window closes); a later visit offers paying again. */
  async function showPayment(
    reply: FastifyReply,
    payment: PaymentRow,
    opts: { notice?: PageText; status?: number; justCancelled?: boolean } = {},
  ) {
    const { notice, status = 200 } = opts;
    const lang = payment.language;
    const invoice = await findInvoiceById(app.db, payment.invoiceId);
    if (payment.status === 'Paid' && invoice?.status === 'Expired') {
      // Money for a draft that was refused (expired, or its plan change no longer possible): nothing was booked.
      return html(reply, 200, resultPage(lang, 'refundDue', { status: 'RefundDue' }));
    }
    if (payment.status === 'Paid') {
      const steps = await listSteps(app.db, payment.invoiceId);
      const complete = steps.length > 0 && steps.every((s) => s.state === 'done');
      // A plan change the provider bills from the next cycle only once the buyer confirmed the new price there: the
      // window stays open with that one step instead of closing.
      const handled = steps.find((s) => s.step === 'HandleSubscription')?.output?.providerApprovalUrl;
      const approvalUrl = complete && typeof handled === 'string' ? handled : undefined;
      if (approvalUrl) return html(reply, 200, resultPage(lang, 'paidApprove', { status: 'Paid', approvalUrl }));
      return html(
        reply,
        200,
        resultPage(lang, complete ? 'paid' : 'processing', { closeWindow: complete, status: 'Paid' }),
      );
    }
    if (payment.status === 'Refunded') return html(reply, 200, resultPage(lang, 'refunded', { status: 'Refunded' }));
    if (payment.status === 'Failed' && opts.justCancelled) {
      return html(reply, 200, resultPage(lang, 'cancelled', { closeWindow: true, status: 'Failed' }));
    }
    if (invoice && isExpiredCheckout(invoice)) {
      return html(reply, 410, resultPage(lang, await expiredText(invoice), { status: 'Expired' }));
    }
    return html(
      reply,
      status,
      checkoutPage({
        lang,
        ref: payment.providerRef ?? '',
        seller: app.config.seller.name,
        product: invoice?.products[0]?.info ?? '',
        amountCents: payment.amountCents,
        currency: payment.currency,
        notice,
      }),
    );
  }

  if (provider instanceof SandboxProvider) {
    const sandbox = provider;
    const sandboxPayment = async (reply: FastifyReply, ref: string) => {
      const payment = await findPaymentByRef(app.db, 'sandbox', ref);
      if (!payment) {
        html(reply, 404, resultPage('de', 'notFound', { status: 'NotFound' }));
        return null;
      }
      return payment;
    };

    app.get(
      '/sandbox/:ref',
      {
        schema: {
          ...pageSchema('Sandbox payment page (amount, seller, Pay and Cancel); the random ref is the capability'),
          querystring: z.object({ result: z.enum(['cancelled']).optional() }),
        },
      },
      async (request, reply) => {
        const payment = await sandboxPayment(reply, request.params.ref);
        if (payment) return showPayment(reply, payment, { justCancelled: request.query.result === 'cancelled' });
      },
    );

    for (const action of ['pay', 'cancel'] as const) {
      app.post(
        `/sandbox/:ref/${action}`,
        {
          schema: pageSchema(
            action === 'pay'
              ? 'Pay on the sandbox page: sends a signed PAYMENT.COMPLETED event to the webhook over HTTP'
              : 'Cancel on the sandbox page: sends a signed PAYMENT.CANCELLED event to the webhook over HTTP',
          ),
        },
        async (request, reply) => {
          const payment = await sandboxPayment(reply, request.params.ref);
          if (!payment) return;
          const invoice = await findInvoiceById(app.db, payment.invoiceId);
          // An expired checkout, or a plan change no longer possible, cannot be paid: no event is sent, the page says so.
          if (invoice && action === 'pay' && (await isPlanChangeLapsed(app.db, invoice))) {
            await claimPayment(app.db, invoice.id, new Date(), { isLapsed: isPlanChangeLapsed });
            return showPayment(reply, payment);
          }
          if (invoice && isExpiredCheckout(invoice)) return showPayment(reply, payment);
          if (
            payment.status === 'Pending' ||
            payment.status === 'Created' ||
            (action === 'pay' && payment.status === 'Failed')
          ) {
            try {
              await sandbox.sendPaymentEvent(action === 'pay' ? 'PAYMENT.COMPLETED' : 'PAYMENT.CANCELLED', payment);
            } catch (err) {
              if (!(err instanceof PaymentProviderError)) throw err;
              request.log.error({ err }, 'the sandbox could not deliver its event');
              return showPayment(reply, payment, { notice: 'failed', status: 502 });
            }
          }
          // Post/Redirect/Get: a reload shows the result instead of paying again.
          const page = `/api/payment/sandbox/${encodeURIComponent(payment.providerRef!)}`;
          return reply.redirect(action === 'cancel' ? `${page}?result=cancelled` : page, 303);
        },
      );
    }
  }

  if (provider.name === 'paypal') {
    // PayPal sends the buyer back here after approving (token = order id) or cancelling.
    app.get(
      '/paypal/return',
      {
        schema: paypalReturnPageSchema(
          "PayPal's return page: captures the approved order, then shows the result",
          paypalSubscriptionReturnQuery,
        ),
      },
      async (request, reply) => {
        const ref = request.query.subscription_id ?? request.query.token ?? '';
        const payment = ref ? await findPaymentByRef(app.db, 'paypal', ref) : null;
        if (!payment) return html(reply, 404, resultPage('de', 'notFound', { status: 'NotFound' }));
        if (request.query.cancelled) {
          // The buyer cancelled on PayPal's page (PayPal sends no webhook for that).
          await failPayment(app.db, payment);
        } else if (payment.status === 'Pending' && !request.query.subscription_id) {
          await captureOnReturn({ ...deps(), log: request.log }, provider, payment);
        } else if (payment.status === 'Paid') {
          await runPostPayment(deps(), payment.invoiceId);
        }
        const fresh = (await findPaymentByRef(app.db, 'paypal', ref))!;
        const invoice = await findInvoiceById(app.db, fresh.invoiceId);
        if (fresh.status !== 'Paid' && invoice && isExpiredCheckout(invoice)) {
          return html(reply, 410, resultPage(fresh.language, await expiredText(invoice), { status: 'Expired' }));
        }
        if (fresh.status === 'Pending')
          return html(reply, 200, resultPage(fresh.language, 'processing', { status: 'Pending' }));
        if (fresh.status === 'Failed') {
          return html(reply, 200, resultPage(fresh.language, 'cancelled', { closeWindow: true, status: 'Failed' }));
        }
        return showPayment(reply, fresh);
      },
    );

    // PayPal sends the buyer here after deciding on a plan change's new price. The page only says what happened:
    // the subscription learns the approval from PayPal's own event (BILLING.SUBSCRIPTION.UPDATED), not from a URL.
    app.get(
      '/paypal/revision-return',
      {
        schema: paypalReturnPageSchema(
          "PayPal's return page after the buyer approved (or not) a subscription's new price",
          paypalSubscriptionReturnQuery,
        ),
      },
      async (request, reply) => {
        const ref = request.query.subscription_id ?? '';
        const payment = ref ? await findPaymentByRef(app.db, 'paypal', ref) : null;
        if (!payment) return html(reply, 404, resultPage('de', 'notFound', { status: 'NotFound' }));
        return request.query.cancelled
          ? html(reply, 200, resultPage(payment.language, 'revisionCancelled', { status: 'NotApproved' }))
          : html(
              reply,
              200,
              resultPage(payment.language, 'revisionApproved', { closeWindow: true, status: 'Approved' }),
            );
      },
    );
  }
};

export default paymentRoutes;
