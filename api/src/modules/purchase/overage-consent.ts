// The pages of an overage approval (POST /subscription/{id}/overage/approve answers one of them): the sandbox's
// consent page (stands in for PayPal's approval page: amount, months, Approve/Cancel) and PayPal's return page for
// this flow. Both end in the portal at /dashboard?overage_approval_result=true|false, where the shell's result
// dialog opens. The money moves as in a purchase: the sandbox sends its signed event to the webhook route, PayPal's
// order is captured; the post-payment process then settles the overage once.
import { formatMoney, type Language } from '@portal/shared/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findInvoiceById } from '../invoice';
import { findPaymentByRef, PaymentProviderError, SandboxProvider, type PaymentProvider } from '../payment';
import type { PostPaymentDeps } from './post-payment';
import { pageSchema, paypalReturnPageSchema, paypalReturnQuery } from './ref-params';
import { escapeHtml, html, layout, pageText, sandboxButtons } from './payment-page';
import { captureOnReturn, failPayment } from './webhook-service';

export const OVERAGE_RESULT_PARAM = 'overage_approval_result';
/** Where the browser returns: the shell opens the result dialog on any page with the parameter. */
export const overageReturnUrl = (approved: boolean) => `/dashboard?${OVERAGE_RESULT_PARAM}=${approved}`;

const TEXTS = {
  de: {
    title: 'Mehrverbrauch freigeben',
    intro:
      'Im abgelaufenen Monat wurden mehr E-Mails versendet, als Ihr Tarif enthält. Mit der Freigabe wird der ' +
      'folgende Betrag einmalig berechnet; Sie erhalten dafür eine Rechnung.',
    seller: 'Verkäufer',
    product: 'Produkt',
    items: 'Positionen',
    amount: 'Betrag (inkl. MwSt.)',
    approve: 'Freigeben und bezahlen',
    cancel: 'Abbrechen',
  },
  en: {
    title: 'Approve overage',
    intro:
      'Last month more emails were sent than your plan includes. Approving charges the amount below once; you ' +
      'receive an invoice for it.',
    seller: 'Seller',
    product: 'Product',
    items: 'Items',
    amount: 'Amount (incl. VAT)',
    approve: 'Approve and pay',
    cancel: 'Cancel',
  },
} as const;

type ConsentText = keyof (typeof TEXTS)['de'];

export interface ConsentView {
  lang: Language;
  ref: string;
  seller: string;
  product: string;
  items: string[];
  amountCents: number;
  currency: string;
}

export function consentPage(v: ConsentView): string {
  const t = (key: ConsentText) => escapeHtml(TEXTS[v.lang === 'en' ? 'en' : 'de'][key]);
  const action = `/api/payment/sandbox/${encodeURIComponent(v.ref)}/consent`;
  const items = v.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return layout(
    v.lang,
    `<h1>${t('title')}</h1>
<p class="note">${escapeHtml(pageText(v.lang, 'sandbox'))}</p>
<p>${t('intro')}</p>
<dl>
<dt>${t('seller')}</dt><dd>${escapeHtml(v.seller)}</dd>
<dt>${t('product')}</dt><dd>${escapeHtml(v.product)}</dd>
<dt>${t('items')}</dt><dd><ul>${items}</ul></dd>
<dt>${t('amount')}</dt><dd class="amount">${escapeHtml(formatMoney(v.amountCents, v.currency))}</dd>
</dl>
${sandboxButtons(action, 'approve', t('approve'), t('cancel'))}`,
    { title: TEXTS[v.lang === 'en' ? 'en' : 'de'].title },
  );
}

const back = (reply: FastifyReply, approved: boolean) =>
  reply.header('cache-control', 'no-store').redirect(overageReturnUrl(approved), 303);

/** Registered inside the payment routes (same body parsers: the consent forms post no fields). */
export function overageApprovalPages(
  provider: PaymentProvider,
  deps: () => PostPaymentDeps,
  seller: () => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    if (provider instanceof SandboxProvider) {
      const sandbox = provider;
      const find = (ref: string) => findPaymentByRef(app.db, 'sandbox', ref);

      app.get(
        '/sandbox/:ref/consent',
        { schema: pageSchema('Sandbox consent page of an overage approval (the approval_url of the sandbox)') },
        async (request, reply) => {
          const payment = await find(request.params.ref);
          if (!payment) return back(reply, false);
          if (payment.status === 'Paid') return back(reply, true);
          if (payment.status === 'Refunded') return back(reply, false);
          const invoice = await findInvoiceById(app.db, payment.invoiceId);
          return html(
            reply,
            200,
            consentPage({
              lang: payment.language,
              ref: payment.providerRef ?? '',
              seller: seller(),
              product: invoice?.products[0]?.info ?? '',
              items: (invoice?.rows ?? []).map(
                (row) => `${row.description}: ${formatMoney(row.amountCents, payment.currency)}`,
              ),
              amountCents: payment.amountCents,
              currency: payment.currency,
            }),
          );
        },
      );

      app.post(
        '/sandbox/:ref/consent/approve',
        {
          schema: pageSchema(
            'Approve on the consent page: a signed PAYMENT.COMPLETED to the webhook, then back to the portal',
          ),
        },
        async (request, reply) => {
          const payment = await find(request.params.ref);
          if (!payment) return back(reply, false);
          if (payment.status === 'Pending' || payment.status === 'Created' || payment.status === 'Failed') {
            try {
              await sandbox.sendPaymentEvent('PAYMENT.COMPLETED', payment);
            } catch (err) {
              if (!(err instanceof PaymentProviderError)) throw err;
              request.log.error({ err }, 'the sandbox could not deliver its event');
              return back(reply, false);
            }
          }
          const after = await find(request.params.ref);
          return back(reply, after?.status === 'Paid');
        },
      );

      app.post(
        '/sandbox/:ref/consent/cancel',
        {
          schema: pageSchema(
            'Cancel on the consent page: a signed PAYMENT.CANCELLED to the webhook, then back to the portal',
          ),
        },
        async (request, reply) => {
          const payment = await find(request.params.ref);
          if (!payment) return back(reply, false);
          if (payment.status === 'Paid') return back(reply, true);
          if (payment.status === 'Pending' || payment.status === 'Created') {
            await sandbox.sendPaymentEvent('PAYMENT.CANCELLED', payment).catch((err: unknown) => {
              request.log.error({ err }, 'the sandbox could not deliver its event');
            });
          }
          return back(reply, false);
        },
      );
    }

    if (provider.name === 'paypal') {
      app.get(
        '/paypal/overage-return',
        {
          schema: paypalReturnPageSchema(
            "PayPal's return page of an overage approval: captures the order, then back to the portal",
            paypalReturnQuery,
          ),
        },
        async (request, reply) => {
          const ref = request.query.token ?? '';
          const payment = ref ? await findPaymentByRef(app.db, 'paypal', ref) : null;
          if (!payment) return back(reply, false);
          if (request.query.cancelled) {
            await failPayment(app.db, payment);
            return back(reply, false);
          }
          await captureOnReturn({ ...deps(), log: request.log }, provider, payment);
          const fresh = await findPaymentByRef(app.db, 'paypal', ref);
          return back(reply, fresh?.status === 'Paid');
        },
      );
    }
  };
}
