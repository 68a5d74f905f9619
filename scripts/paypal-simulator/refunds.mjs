// Refunds as the merchant triggers them at PayPal: of an order's capture (Payments v2,
// POST /v2/payments/captures/{id}/refund → PAYMENT.CAPTURE.REFUNDED) and of a subscription's sale (Payments v1,
// POST /v1/payments/sale/{id}/refund → PAYMENT.SALE.REFUNDED). Without an amount the rest of the payment is refunded;
// a partial refund leaves the capture PARTIALLY_REFUNDED. More than what is left is refused.
import { captureView } from './orders.mjs';
import { checkMoney, found, invalid, PayPalError, unprocessable, wantsRepresentation } from './http.mjs';
import { saleView } from './billing.mjs';
import { fromCents, paypalId, paypalTime, toCents } from './store.mjs';

/** A stored refund of `kind` ('capture': Payments v2, 'sale': v1), or PayPal's 404. */
function refundOf(store, id, kind) {
  const refund = store.refunds.get(id);
  return found(refund?.kind === kind ? refund : null);
}

/** Keeps a completed refund and sends its webhook event (as PayPal does when a refund completes); answers its view. */
function recordRefund(ctx, refund, eventType) {
  ctx.store.refunds.set(refund.id, refund);
  ctx.store.save();
  const view = refundView(ctx, refund);
  ctx.webhooks.emit(eventType, view);
  return view;
}

function refundView(ctx, refund) {
  const { kind, parentId, ...rest } = refund;
  if (kind === 'capture') {
    return {
      ...rest,
      links: [
        { href: `${ctx.api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${ctx.api}/v2/payments/captures/${parentId}`, rel: 'up', method: 'GET' },
      ],
    };
  }
  return {
    ...rest,
    links: [
      { href: `${ctx.api}/v1/payments/refund/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${ctx.api}/v1/payments/sale/${parentId}`, rel: 'sale', method: 'GET' },
    ],
  };
}

export function refundRoutes(app, ctx) {
  const { store } = ctx;

  app.get('/v2/payments/captures/:id', async (request) => {
    const capture = found(store.captures.get(request.params.id));
    return captureView(capture, ctx.api);
  });

  app.post('/v2/payments/captures/:id/refund', async (request, reply) => {
    const capture = found(store.captures.get(request.params.id));
    const body = request.body ?? {};
    const total = toCents(capture.amount.value);
    const left = total - capture.refundedCents;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    }
    let cents = left;
    if (body.amount !== undefined) {
      const amount = checkMoney(body.amount, '/amount');
      if (amount.currency_code !== capture.amount.currency_code) {
        throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
      }
      cents = toCents(amount.value);
      if (cents === 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
      if (cents > left) {
        throw unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
    }
    const currency = capture.amount.currency_code;
    capture.refundedCents += cents;
    capture.status = capture.refundedCents === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = paypalTime();
    const refund = {
      id: paypalId(17),
      kind: 'capture',
      parentId: capture.id,
      amount: { currency_code: currency, value: fromCents(cents) },
      seller_payable_breakdown: {
        gross_amount: { currency_code: currency, value: fromCents(cents) },
        paypal_fee: { currency_code: currency, value: '0.00' },
        net_amount: { currency_code: currency, value: fromCents(cents) },
        total_refunded_amount: { currency_code: currency, value: fromCents(capture.refundedCents) },
      },
      ...((body.invoice_id ?? capture.invoice_id) && { invoice_id: body.invoice_id ?? capture.invoice_id }),
      ...(capture.custom_id && { custom_id: capture.custom_id }),
      ...(body.note_to_payer && { note_to_payer: String(body.note_to_payer).slice(0, 255) }),
      status: 'COMPLETED',
      create_time: paypalTime(),
      update_time: paypalTime(),
    };
    const view = recordRefund(ctx, refund, 'PAYMENT.CAPTURE.REFUNDED');
    if (wantsRepresentation(request)) return reply.code(201).send(view);
    return reply.code(201).send({ id: refund.id, status: refund.status, links: view.links });
  });

  app.get('/v2/payments/refunds/:id', async (request) => {
    return refundView(ctx, refundOf(store, request.params.id, 'capture'));
  });

  app.get('/v1/payments/sale/:id', async (request) => {
    const sale = found(store.sales.get(request.params.id));
    return saleView(ctx, sale);
  });

  app.post('/v1/payments/sale/:id/refund', async (request, reply) => {
    const sale = found(store.sales.get(request.params.id));
    const body = request.body ?? {};
    const total = toCents(sale.amount.total);
    const left = total - sale.refundedCents;
    // Payments v1 answers its errors in its own shape: { name, message, information_link, debug_id }.
    const refused = (name, message) => {
      const err = new PayPalError(400, name, [], message);
      return err;
    };
    if (left === 0)
      throw refused(
        'TRANSACTION_REFUSED',
        'The request was refused. This transaction has already been fully refunded.',
      );
    let cents = left;
    if (body.amount !== undefined) {
      const value = body.amount?.total;
      if (typeof value !== 'string' || toCents(value) === null) {
        throw invalid('VALIDATION_ERROR', 'amount.total must be a decimal amount.', 'amount.total');
      }
      if (body.amount.currency !== sale.amount.currency) {
        throw refused('TRANSACTION_REFUSED', 'The refund must be in the currency of the sale.');
      }
      cents = toCents(value);
      if (cents === 0 || cents > left) {
        throw refused('TRANSACTION_REFUSED', 'Refund amount exceeds the amount that can be refunded.');
      }
    }
    sale.refundedCents += cents;
    sale.state = sale.refundedCents === total ? 'refunded' : 'partially_refunded';
    sale.update_time = paypalTime();
    const currency = sale.amount.currency;
    const refund = {
      id: paypalId(17),
      kind: 'sale',
      parentId: sale.id,
      state: 'completed',
      amount: { total: fromCents(cents), currency },
      refund_from_received_amount: { value: fromCents(cents), currency },
      refund_from_transaction_fee: { value: '0.00', currency },
      total_refunded_amount: { value: fromCents(sale.refundedCents), currency },
      sale_id: sale.id,
      billing_agreement_id: sale.billing_agreement_id,
      ...(sale.custom && { custom: sale.custom }),
      ...(body.invoice_number && { invoice_number: String(body.invoice_number) }),
      ...(body.reason && { reason: String(body.reason).slice(0, 30) }),
      create_time: paypalTime(),
      update_time: paypalTime(),
    };
    const view = recordRefund(ctx, refund, 'PAYMENT.SALE.REFUNDED');
    return reply.code(201).send(view);
  });

  app.get('/v1/payments/refund/:id', async (request) => {
    return refundView(ctx, refundOf(store, request.params.id, 'sale'));
  });
}
