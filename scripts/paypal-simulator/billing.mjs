// Catalog products, Billing Plans and Subscriptions v1 (create, get, revise, suspend, activate, cancel) and the
// billing of a cycle. As at PayPal: a subscription waits for the buyer's approval (APPROVAL_PENDING), is ACTIVE once
// approved and then charges its first cycle at once; every successful cycle is a sale (PAYMENT.SALE.COMPLETED, the
// subscription id in billing_agreement_id); a failed cycle sends BILLING.SUBSCRIPTION.PAYMENT.FAILED, stays due
// (the next cycle retries it) and suspends the subscription once the plan's payment_failure_threshold is reached.
// Only an ACTIVE subscription is billed: a suspended or cancelled one never charges again.
import { checkMoney, feeOf, found, invalid, PayPalError, unprocessable, wantsRepresentation } from './http.mjs';
import { fromCents, paypalId, paypalTime, toCents } from './store.mjs';

const UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

/** `time` moved on by `count` units (months and years by the calendar, as PayPal bills). */
export function addInterval(time, unit, count) {
  const d = new Date(time);
  if (unit === 'DAY') d.setUTCDate(d.getUTCDate() + count);
  else if (unit === 'WEEK') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (unit === 'MONTH') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function parseCycles(cycles) {
  if (!Array.isArray(cycles) || cycles.length === 0 || cycles.length > 12) {
    throw invalid('MISSING_REQUIRED_PARAMETER', 'billing_cycles must hold 1 to 12 billing cycles.', '/billing_cycles');
  }
  const regular = cycles.filter((c) => c?.tenure_type === 'REGULAR');
  if (regular.length !== 1) {
    throw unprocessable('ONLY_ONE_REGULAR_TENURE_ALLOWED', 'A plan must have exactly one REGULAR billing cycle.');
  }
  return cycles.map((c, i) => {
    const field = `/billing_cycles/${i}`;
    if (!UNITS.includes(c?.frequency?.interval_unit)) {
      throw invalid(
        'INVALID_PARAMETER_VALUE',
        'interval_unit must be DAY, WEEK, MONTH or YEAR.',
        `${field}/frequency/interval_unit`,
      );
    }
    const count = c.frequency.interval_count ?? 1;
    if (!Number.isInteger(count) || count < 1 || count > 365) {
      throw invalid('INVALID_PARAMETER_VALUE', 'interval_count is out of range.', `${field}/frequency/interval_count`);
    }
    if (c.tenure_type !== 'REGULAR' && c.tenure_type !== 'TRIAL') {
      throw invalid('INVALID_PARAMETER_VALUE', 'tenure_type must be REGULAR or TRIAL.', `${field}/tenure_type`);
    }
    return {
      frequency: { interval_unit: c.frequency.interval_unit, interval_count: count },
      tenure_type: c.tenure_type,
      sequence: Number.isInteger(c.sequence) ? c.sequence : i + 1,
      total_cycles: Number.isInteger(c.total_cycles) ? c.total_cycles : 1,
      pricing_scheme: {
        fixed_price: checkMoney(c.pricing_scheme?.fixed_price, `${field}/pricing_scheme/fixed_price`),
        version: 1,
        create_time: paypalTime(),
        update_time: paypalTime(),
      },
    };
  });
}

const planLinks = (api, plan) => [
  { href: `${api}/v1/billing/plans/${plan.id}`, rel: 'self', method: 'GET' },
  { href: `${api}/v1/billing/plans/${plan.id}`, rel: 'edit', method: 'PATCH' },
  { href: `${api}/v1/billing/plans/${plan.id}/deactivate`, rel: 'self', method: 'POST' },
];

function planView(api, plan, full = true) {
  const minimal = {
    id: plan.id,
    product_id: plan.product_id,
    name: plan.name,
    status: plan.status,
    ...(plan.description && { description: plan.description }),
    usage_type: 'LICENSED',
    create_time: plan.create_time,
    links: planLinks(api, plan),
  };
  if (!full) return minimal;
  const { links, ...rest } = minimal;
  return {
    ...rest,
    billing_cycles: plan.billing_cycles,
    payment_preferences: plan.payment_preferences,
    quantity_supported: plan.quantity_supported,
    update_time: plan.update_time,
    links,
  };
}

/** The regular cycle that bills the subscription: its own plan override, else its plan's. */
function regularCycle(store, sub) {
  const cycles = sub.plan?.billing_cycles ?? store.plans.get(sub.plan_id).billing_cycles;
  return cycles.find((c) => c.tenure_type === 'REGULAR');
}

function cyclePrice(store, sub) {
  const price = regularCycle(store, sub).pricing_scheme.fixed_price;
  const cents = toCents(price.value) * Number(sub.quantity ?? 1);
  return { cents, currency: price.currency_code };
}

export function subscriptionView(ctx, sub) {
  const { approval, revision, ...rest } = sub;
  const links = [];
  if (sub.status === 'APPROVAL_PENDING') {
    links.push({
      href: `${ctx.web}/webapps/billing/subscriptions?ba_token=${approval.ba_token}`,
      rel: 'approve',
      method: 'GET',
    });
  }
  links.push(
    { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}`, rel: 'edit', method: 'PATCH' },
    { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' },
  );
  if (sub.status === 'ACTIVE') {
    links.push(
      { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}/cancel`, rel: 'cancel', method: 'POST' },
      { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}/suspend`, rel: 'suspend', method: 'POST' },
      { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}/revise`, rel: 'edit', method: 'POST' },
    );
  }
  if (sub.status === 'SUSPENDED') {
    links.push(
      { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}/cancel`, rel: 'cancel', method: 'POST' },
      { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}/activate`, rel: 'activate', method: 'POST' },
    );
  }
  return { ...rest, links };
}

function setStatus(sub, status, reason) {
  sub.status = status;
  sub.status_update_time = paypalTime();
  sub.update_time = paypalTime();
  if (reason) sub.status_change_note = reason;
}

/**
 * Bills the subscription's next cycle: 'success' charges it (a sale), 'failure' fails it. Returns the sale (or
 * null) and the events sent.
 */
export function billCycle(ctx, sub, outcome, { queued = true } = {}) {
  const { store, webhooks } = ctx;
  const { cents, currency } = cyclePrice(store, sub);
  const amount = { currency_code: currency, value: fromCents(cents) };
  const info = sub.billing_info;
  const events = [];
  if (outcome === 'success') {
    // A plan with auto_bill_outstanding bills what an earlier cycle failed to collect together with this cycle.
    const plan = store.plans.get(sub.plan_id);
    const outstanding = plan.payment_preferences.auto_bill_outstanding ? toCents(info.outstanding_balance.value) : 0;
    const charged = cents + outstanding;
    const fee = feeOf(charged);
    const sale = {
      id: paypalId(17),
      state: 'completed',
      amount: { total: fromCents(charged), currency, details: { subtotal: fromCents(charged) } },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
      transaction_fee: { value: fromCents(fee), currency },
      billing_agreement_id: sub.id,
      ...(sub.custom_id && { custom: sub.custom_id }),
      create_time: paypalTime(),
      update_time: paypalTime(),
      refundedCents: 0,
    };
    store.sales.set(sale.id, sale);
    const exec = info.cycle_executions.find((c) => c.tenure_type === 'REGULAR');
    exec.cycles_completed += 1;
    if (exec.total_cycles > 0) exec.cycles_remaining = Math.max(0, exec.total_cycles - exec.cycles_completed);
    info.last_payment = { amount: { currency_code: currency, value: fromCents(charged) }, time: sale.create_time };
    info.outstanding_balance = { currency_code: currency, value: '0.00' };
    const { frequency } = regularCycle(store, sub);
    info.next_billing_time = addInterval(
      info.next_billing_time ?? paypalTime(),
      frequency.interval_unit,
      frequency.interval_count,
    );
    sub.update_time = paypalTime();
    store.save();
    events.push(webhooks.emit('PAYMENT.SALE.COMPLETED', saleView(ctx, sale), { queued }));
    return { sale, events };
  }
  info.failed_payments_count += 1;
  info.last_failed_payment = { amount, time: paypalTime(), reason_code: 'PAYMENT_DENIED' };
  info.outstanding_balance = { currency_code: currency, value: fromCents(cents) };
  sub.update_time = paypalTime();
  const plan = store.plans.get(sub.plan_id);
  const threshold = plan.payment_preferences.payment_failure_threshold;
  const suspend = threshold > 0 && info.failed_payments_count >= threshold;
  if (suspend) setStatus(sub, 'SUSPENDED', 'Payment failure threshold reached');
  store.save();
  events.push(webhooks.emit('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscriptionView(ctx, sub), { queued }));
  if (suspend) events.push(webhooks.emit('BILLING.SUBSCRIPTION.SUSPENDED', subscriptionView(ctx, sub), { queued }));
  return { sale: null, events };
}

export function saleView(ctx, sale) {
  const { refundedCents, ...rest } = sale;
  return {
    ...rest,
    links: [
      { href: `${ctx.api}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' },
      { href: `${ctx.api}/v1/payments/sale/${sale.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  };
}

/** Where the browser goes after the buyer decided on a subscription (or revision) approval page. */
export function decideSubscription(ctx, sub, action) {
  const { store, webhooks } = ctx;
  const pendingRevision = sub.status !== 'APPROVAL_PENDING' && sub.revision;
  const context = pendingRevision ? sub.revision.application_context : sub.application_context;
  const approval = pendingRevision ? sub.revision.approval : sub.approval;
  const back = (url) => {
    if (!url) return `${ctx.web}/webapps/billing/subscriptions/done?subscription_id=${sub.id}&result=${action}`;
    const u = new URL(url);
    u.searchParams.set('subscription_id', sub.id);
    u.searchParams.set('ba_token', approval.ba_token);
    u.searchParams.set('token', approval.token);
    return u.toString();
  };
  if (action === 'cancel') {
    if (pendingRevision) sub.revision = null;
    store.save();
    return back(context?.cancel_url);
  }
  if (pendingRevision) {
    const rev = sub.revision;
    if (rev.plan_id) sub.plan_id = rev.plan_id;
    if (rev.quantity) sub.quantity = rev.quantity;
    if (rev.plan) {
      sub.plan = rev.plan;
      sub.plan_overridden = true;
    }
    sub.revision = null;
    sub.update_time = paypalTime();
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.UPDATED', subscriptionView(ctx, sub));
    return back(context?.return_url);
  }
  if (sub.status === 'APPROVAL_PENDING') {
    setStatus(sub, 'ACTIVE');
    sub.subscriber = {
      ...sub.subscriber,
      name: { given_name: 'Sam', surname: 'Simulator' },
      email_address: sub.subscriber?.email_address ?? 'buyer@paypal-simulator.local',
      payer_id: paypalId(13),
    };
    const { currency } = cyclePrice(store, sub);
    const cycle = regularCycle(store, sub);
    sub.billing_info = {
      outstanding_balance: { currency_code: currency, value: '0.00' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: cycle.sequence,
          cycles_completed: 0,
          cycles_remaining: cycle.total_cycles,
          current_pricing_scheme_version: 1,
          total_cycles: cycle.total_cycles,
        },
      ],
      next_billing_time: sub.start_time,
      failed_payments_count: 0,
    };
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.ACTIVATED', subscriptionView(ctx, sub));
    // The first cycle is charged at once (no trial in the plans the portal creates).
    billCycle(ctx, sub, 'success');
  }
  return back(context?.return_url);
}

export function billingRoutes(app, ctx) {
  const { store, webhooks } = ctx;
  const findSub = (id) => found(store.subscriptions.get(id));

  app.post('/v1/catalogs/products', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.name !== 'string' || !body.name)
      throw invalid('MISSING_REQUIRED_PARAMETER', 'name is required.', '/name');
    const product = {
      id: typeof body.id === 'string' && body.id ? body.id : `PROD-${paypalId(17)}`,
      name: body.name,
      ...(body.description && { description: body.description }),
      type: body.type ?? 'DIGITAL',
      ...(body.category && { category: body.category }),
      create_time: paypalTime(),
      update_time: paypalTime(),
    };
    if (store.products.has(product.id)) throw unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'The product id exists.');
    store.products.set(product.id, product);
    store.save();
    return reply.code(201).send({
      ...product,
      links: [{ href: `${ctx.api}/v1/catalogs/products/${product.id}`, rel: 'self', method: 'GET' }],
    });
  });

  app.get('/v1/catalogs/products/:id', async (request) => {
    const product = found(store.products.get(request.params.id));
    return {
      ...product,
      links: [{ href: `${ctx.api}/v1/catalogs/products/${product.id}`, rel: 'self', method: 'GET' }],
    };
  });

  app.post('/v1/billing/plans', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.product_id !== 'string' || !store.products.has(body.product_id)) {
      throw invalid('INVALID_PARAMETER_VALUE', 'The specified product id is invalid or does not exist.', '/product_id');
    }
    if (typeof body.name !== 'string' || !body.name)
      throw invalid('MISSING_REQUIRED_PARAMETER', 'name is required.', '/name');
    const prefs = body.payment_preferences ?? {};
    const plan = {
      id: `P-${paypalId(24)}`,
      product_id: body.product_id,
      name: body.name.slice(0, 127),
      ...(body.description && { description: String(body.description) }),
      status: body.status ?? 'ACTIVE',
      billing_cycles: parseCycles(body.billing_cycles),
      payment_preferences: {
        service_type: 'PREPAID',
        auto_bill_outstanding: prefs.auto_bill_outstanding ?? true,
        setup_fee: prefs.setup_fee ?? {
          value: '0',
          currency_code: body.billing_cycles[0].pricing_scheme.fixed_price.currency_code,
        },
        setup_fee_failure_action: prefs.setup_fee_failure_action ?? 'CANCEL',
        payment_failure_threshold: prefs.payment_failure_threshold ?? 0,
      },
      quantity_supported: body.quantity_supported ?? false,
      create_time: paypalTime(),
      update_time: paypalTime(),
    };
    store.plans.set(plan.id, plan);
    store.save();
    return reply.code(201).send(planView(ctx.api, plan, wantsRepresentation(request)));
  });

  app.get('/v1/billing/plans/:id', async (request) => {
    const plan = found(store.plans.get(request.params.id));
    return planView(ctx.api, plan);
  });

  app.post('/v1/billing/subscriptions', async (request, reply) => {
    const body = request.body ?? {};
    const plan = typeof body.plan_id === 'string' ? store.plans.get(body.plan_id) : null;
    if (!plan)
      throw invalid('INVALID_PARAMETER_VALUE', 'The specified plan id is invalid or does not exist.', '/plan_id');
    if (plan.status !== 'ACTIVE')
      throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. The plan must be ACTIVE.');
    const context = body.application_context ?? {};
    const sub = {
      id: `I-${paypalId(12)}`,
      plan_id: plan.id,
      status: 'APPROVAL_PENDING',
      status_update_time: paypalTime(),
      start_time: body.start_time ?? paypalTime(),
      quantity: String(body.quantity ?? '1'),
      shipping_amount: body.shipping_amount ?? {
        currency_code: plan.billing_cycles[0].pricing_scheme.fixed_price.currency_code,
        value: '0.0',
      },
      ...(body.subscriber && { subscriber: body.subscriber }),
      ...(body.custom_id && { custom_id: String(body.custom_id) }),
      plan_overridden: false,
      create_time: paypalTime(),
      application_context: {
        return_url: context.return_url ?? null,
        cancel_url: context.cancel_url ?? null,
        locale: context.locale ?? 'en-US',
        brand_name: context.brand_name ?? null,
      },
      approval: { ba_token: `BA-${paypalId(17)}`, token: `EC-${paypalId(17)}` },
    };
    store.subscriptions.set(sub.id, sub);
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.CREATED', subscriptionView(ctx, sub));
    const view = subscriptionView(ctx, sub);
    if (wantsRepresentation(request)) return reply.code(201).send(view);
    const { id, status, status_update_time, plan_id, start_time, quantity, create_time, links } = view;
    return reply.code(201).send({ id, status, status_update_time, plan_id, start_time, quantity, create_time, links });
  });

  app.get('/v1/billing/subscriptions/:id', async (request) => {
    const { application_context, ...view } = subscriptionView(ctx, findSub(request.params.id));
    return view;
  });

  const statusInvalid = (action, allowed) =>
    unprocessable(
      'SUBSCRIPTION_STATUS_INVALID',
      `Invalid subscription status for ${action} action; subscription status should be ${allowed}.`,
    );
  const reasonOf = (body) => {
    const reason = body?.reason;
    if (typeof reason !== 'string' || !reason)
      throw invalid('MISSING_REQUIRED_PARAMETER', 'reason is required.', '/reason');
    if (reason.length > 128)
      throw invalid('INVALID_STRING_LENGTH', 'reason must be at most 128 characters.', '/reason');
    return reason;
  };

  app.post('/v1/billing/subscriptions/:id/revise', async (request) => {
    const sub = findSub(request.params.id);
    const body = request.body ?? {};
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw statusInvalid('revise', 'active or suspended');
    if (body.plan_id !== undefined) {
      const plan = store.plans.get(body.plan_id);
      if (!plan)
        throw invalid('INVALID_PARAMETER_VALUE', 'The specified plan id is invalid or does not exist.', '/plan_id');
      if (plan.status !== 'ACTIVE')
        throw unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. The plan must be ACTIVE.');
    }
    if (body.quantity !== undefined && !/^\d{1,32}$/.test(String(body.quantity))) {
      throw invalid('INVALID_PARAMETER_VALUE', 'quantity must be a whole number.', '/quantity');
    }
    const plan = body.plan?.billing_cycles ? { billing_cycles: parseCycles(body.plan.billing_cycles) } : null;
    const context = body.application_context ?? {};
    sub.revision = {
      plan_id: body.plan_id ?? null,
      quantity: body.quantity !== undefined ? String(body.quantity) : null,
      plan,
      application_context: {
        return_url: context.return_url ?? null,
        cancel_url: context.cancel_url ?? null,
        locale: context.locale ?? sub.application_context?.locale,
      },
      approval: { ba_token: `BA-${paypalId(17)}`, token: `EC-${paypalId(17)}` },
    };
    store.save();
    return {
      plan_id: body.plan_id ?? sub.plan_id,
      quantity: sub.revision.quantity ?? sub.quantity,
      ...(body.shipping_amount && { shipping_amount: body.shipping_amount }),
      plan_overridden: Boolean(plan) || sub.plan_overridden,
      ...(plan && { plan }),
      links: [
        {
          href: `${ctx.web}/webapps/billing/subscriptions?ba_token=${sub.revision.approval.ba_token}`,
          rel: 'approve',
          method: 'GET',
        },
        { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}`, rel: 'edit', method: 'PATCH' },
        { href: `${ctx.api}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' },
      ],
    };
  });

  app.post('/v1/billing/subscriptions/:id/suspend', async (request, reply) => {
    const sub = findSub(request.params.id);
    const reason = reasonOf(request.body);
    if (sub.status !== 'ACTIVE') throw statusInvalid('suspend', 'active');
    setStatus(sub, 'SUSPENDED', reason);
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.SUSPENDED', subscriptionView(ctx, sub));
    return reply.code(204).send();
  });

  app.post('/v1/billing/subscriptions/:id/activate', async (request, reply) => {
    const sub = findSub(request.params.id);
    const reason = request.body?.reason;
    if (sub.status !== 'SUSPENDED') throw statusInvalid('activate', 'suspended');
    setStatus(sub, 'ACTIVE', typeof reason === 'string' ? reason : undefined);
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.ACTIVATED', subscriptionView(ctx, sub));
    return reply.code(204).send();
  });

  app.post('/v1/billing/subscriptions/:id/cancel', async (request, reply) => {
    const sub = findSub(request.params.id);
    const reason = reasonOf(request.body);
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') throw statusInvalid('cancel', 'active or suspended');
    setStatus(sub, 'CANCELLED', reason);
    if (sub.billing_info) delete sub.billing_info.next_billing_time;
    store.save();
    webhooks.emit('BILLING.SUBSCRIPTION.CANCELLED', subscriptionView(ctx, sub));
    return reply.code(204).send();
  });

  /** Control API: bill the next cycle now. */
  app.post('/v1/simulator/subscriptions/:id/cycle', async (request) => {
    const sub = findSub(request.params.id);
    const outcome = request.body?.outcome ?? 'success';
    if (outcome !== 'success' && outcome !== 'failure') {
      throw invalid('INVALID_PARAMETER_VALUE', 'outcome must be "success" or "failure".', '/outcome');
    }
    if (sub.status !== 'ACTIVE') {
      throw new PayPalError(422, 'UNPROCESSABLE_ENTITY', [
        {
          issue: 'SUBSCRIPTION_STATUS_INVALID',
          description: `The subscription is ${sub.status}: only an ACTIVE subscription is billed.`,
        },
      ]);
    }
    const { sale, events } = billCycle(ctx, sub, outcome, { queued: false });
    // Delivered before the answer, in order: the caller sees what the receiver answered.
    await webhooks.idle();
    const deliveries = [];
    for (const event of events) deliveries.push(await webhooks.deliver(event.id).then(() => event));
    const { application_context, ...view } = subscriptionView(ctx, sub);
    return {
      subscription: view,
      ...(sale && { sale: saleView(ctx, sale) }),
      events: deliveries.map((e) => ({
        id: e.id,
        event_type: e.body.event_type,
        status: e.status,
        deliveries: e.deliveries,
      })),
    };
  });
}
