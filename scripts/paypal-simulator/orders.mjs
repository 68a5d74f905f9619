// Orders v2 (create, get, capture) and what the buyer does on the approval page (approve, pay with a declined card,
// cancel). A captured order sends PAYMENT.CAPTURE.COMPLETED, whose resource names the order in
// supplementary_data.related_ids.order_id, as PayPal's does.
import { checkMoney, feeOf, found, invalid, unprocessable, wantsRepresentation } from './http.mjs';
import { fromCents, paypalId, paypalTime, toCents } from './store.mjs';

export function captureView(capture, api) {
  const { orderId, refundedCents, ...rest } = capture;
  return {
    ...rest,
    links: [
      { href: `${api}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${api}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${api}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
    ],
  };
}

function orderLinks(order, api, web) {
  const self = { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
  const approve = `${web}/checkoutnow?token=${order.id}`;
  switch (order.status) {
    case 'PAYER_ACTION_REQUIRED':
      return [self, { href: approve, rel: 'payer-action', method: 'GET' }];
    case 'CREATED':
      return [
        self,
        { href: approve, rel: 'approve', method: 'GET' },
        { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
        { href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
      ];
    case 'APPROVED':
      return [
        self,
        { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
        { href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
      ];
    default:
      return [self];
  }
}

export function orderView(ctx, order, full = true) {
  const links = orderLinks(order, ctx.api, ctx.web);
  const units = order.purchase_units.map(({ captureIds, ...unit }) => ({
    ...unit,
    ...(captureIds?.length && {
      payments: { captures: captureIds.map((id) => captureView(ctx.store.captures.get(id), ctx.api)) },
    }),
  }));
  if (!full) return { id: order.id, status: order.status, links };
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(order.payment_source && { payment_source: order.payment_source }),
    purchase_units: units,
    ...(order.payer && { payer: order.payer }),
    create_time: order.create_time,
    ...(order.update_time && { update_time: order.update_time }),
    links,
  };
}

function parsePurchaseUnits(units) {
  if (!Array.isArray(units) || units.length === 0 || units.length > 10) {
    throw invalid('MISSING_REQUIRED_PARAMETER', 'purchase_units must hold 1 to 10 purchase units.', '/purchase_units');
  }
  return units.map((u, i) => {
    const amount = checkMoney(u?.amount, `/purchase_units/${i}/amount`);
    if (toCents(amount.value) === 0) {
      throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
    }
    return {
      reference_id: typeof u.reference_id === 'string' ? u.reference_id : 'default',
      amount,
      payee: { email_address: 'merchant@paypal-simulator.local', merchant_id: 'SIMULATORMERCH' },
      ...(u.description && { description: String(u.description).slice(0, 127) }),
      ...(u.custom_id && { custom_id: String(u.custom_id) }),
      ...(u.invoice_id && { invoice_id: String(u.invoice_id) }),
      captureIds: [],
    };
  });
}

/** The buyer's decision on the approval page. Returns where the browser goes next. */
export function decideOrder(ctx, order, action) {
  const back = (url, params) => {
    if (!url) return `${ctx.web}/checkoutnow/done?token=${order.id}&result=${action}`;
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };
  if (action === 'cancel') return back(order.experience.cancel_url, { token: order.id });
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
    const payerId = paypalId(13);
    order.status = 'APPROVED';
    order.declined = action === 'decline';
    order.update_time = paypalTime();
    order.payer = {
      name: { given_name: 'Sam', surname: 'Simulator' },
      email_address: 'buyer@paypal-simulator.local',
      payer_id: payerId,
      address: { country_code: 'DE' },
    };
    if (order.payment_source?.paypal) {
      order.payment_source.paypal = {
        ...order.payment_source.paypal,
        email_address: order.payer.email_address,
        account_id: payerId,
        account_status: 'VERIFIED',
        name: order.payer.name,
        address: order.payer.address,
      };
    }
    ctx.store.save();
    ctx.webhooks.emit('CHECKOUT.ORDER.APPROVED', orderView(ctx, order));
  }
  return back(order.experience.return_url, { token: order.id, PayerID: order.payer.payer_id });
}

export function orderRoutes(app, ctx) {
  const { store, webhooks } = ctx;
  const find = (id) => found(store.orders.get(id));

  app.post('/v2/checkout/orders', async (request, reply) => {
    const body = request.body ?? {};
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      throw invalid('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.', '/intent');
    }
    const purchaseUnits = parsePurchaseUnits(body.purchase_units);
    const experience = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
    const order = {
      id: paypalId(17),
      intent: body.intent,
      status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(body.payment_source?.paypal && { payment_source: { paypal: {} } }),
      purchase_units: purchaseUnits,
      experience: {
        return_url: experience.return_url ?? null,
        cancel_url: experience.cancel_url ?? null,
        locale: experience.locale ?? 'en-US',
        user_action: experience.user_action ?? 'CONTINUE',
        brand_name: experience.brand_name ?? null,
      },
      create_time: paypalTime(),
    };
    store.orders.set(order.id, order);
    store.save();
    return reply.code(201).send(orderView(ctx, order, wantsRepresentation(request)));
  });

  app.get('/v2/checkout/orders/:id', async (request) => orderView(ctx, find(request.params.id)));

  app.post('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const order = find(request.params.id);
    if (order.intent !== 'CAPTURE') {
      throw unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent of AUTHORIZE.');
    }
    if (order.status === 'COMPLETED') {
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
      );
    }
    if (order.status !== 'APPROVED') {
      throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    if (order.declined) {
      throw unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const events = [];
    for (const unit of order.purchase_units) {
      const cents = toCents(unit.amount.value);
      const fee = feeOf(cents);
      const currency = unit.amount.currency_code;
      const capture = {
        id: paypalId(17),
        orderId: order.id,
        refundedCents: 0,
        status: 'COMPLETED',
        amount: unit.amount,
        final_capture: true,
        seller_protection: {
          status: 'ELIGIBLE',
          dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
        },
        seller_receivable_breakdown: {
          gross_amount: unit.amount,
          paypal_fee: { currency_code: currency, value: fromCents(fee) },
          net_amount: { currency_code: currency, value: fromCents(cents - fee) },
        },
        ...(unit.invoice_id && { invoice_id: unit.invoice_id }),
        ...(unit.custom_id && { custom_id: unit.custom_id }),
        create_time: paypalTime(),
        update_time: paypalTime(),
      };
      store.captures.set(capture.id, capture);
      unit.captureIds.push(capture.id);
      events.push(capture);
    }
    order.status = 'COMPLETED';
    order.update_time = paypalTime();
    store.save();
    for (const capture of events) {
      webhooks.emit('PAYMENT.CAPTURE.COMPLETED', {
        ...captureView(capture, ctx.api),
        supplementary_data: { related_ids: { order_id: order.id } },
      });
    }
    const view = orderView(ctx, order);
    if (wantsRepresentation(request)) return reply.code(201).send(view);
    const { id, status, payment_source, purchase_units, payer, links } = view;
    return reply.code(201).send({
      id,
      status,
      payment_source,
      purchase_units: purchase_units.map((u) => ({ reference_id: u.reference_id, payments: u.payments })),
      payer,
      links,
    });
  });
}
