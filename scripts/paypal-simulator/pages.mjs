// The buyer's side: the approval pages PayPal shows (an order's "Pay Now", a subscription's "Agree & Subscribe", a
// revision's "Agree & Continue") with a real button, in the checkout's language (German for a de-* locale), and the
// overview of what the simulator holds. Plain HTML forms: the decision is POSTed back and the browser is sent on
// (303) to the merchant's return or cancel URL, as PayPal sends it.
import { decideOrder } from './orders.mjs';
import { decideSubscription } from './billing.mjs';
import { toCents } from './store.mjs';

const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const TEXT = {
  en: {
    title: 'PayPal simulator',
    notice: 'Local PayPal simulator: no money moves.',
    payNow: 'Pay Now',
    continue: 'Continue',
    decline: 'Pay with a card that is declined',
    subscribe: 'Agree & Subscribe',
    revise: 'Agree & Continue',
    cancel: 'Cancel and return to the merchant',
    every: (n, unit) =>
      `every ${n === 1 ? '' : `${n} `}${{ DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' }[unit]}${n === 1 ? '' : 's'}`,
    notFound: 'This checkout does not exist or is no longer open.',
    revision: 'Change of your subscription',
    done: 'Done. You can close this window.',
  },
  de: {
    title: 'PayPal-Simulator',
    notice: 'Lokaler PayPal-Simulator: es fließt kein Geld.',
    payNow: 'Jetzt zahlen',
    continue: 'Weiter',
    decline: 'Mit einer abgelehnten Karte zahlen',
    subscribe: 'Zustimmen und abonnieren',
    revise: 'Zustimmen und weiter',
    cancel: 'Abbrechen und zurück zum Händler',
    every: (n, unit) =>
      `alle ${n === 1 ? '' : `${n} `}${{ DAY: ['Tag', 'Tage'], WEEK: ['Woche', 'Wochen'], MONTH: ['Monat', 'Monate'], YEAR: ['Jahr', 'Jahre'] }[unit][n === 1 ? 0 : 1]}`,
    notFound: 'Diesen Bezahlvorgang gibt es nicht oder er ist nicht mehr offen.',
    revision: 'Änderung Ihres Abonnements',
    done: 'Erledigt. Sie können dieses Fenster schließen.',
  },
};

const langOf = (locale) =>
  String(locale ?? '')
    .toLowerCase()
    .startsWith('de')
    ? 'de'
    : 'en';

function money(value, currency, lang) {
  const cents = toCents(value) ?? 0;
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(cents / 100);
}

function page(lang, body) {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f7fa; color: #1c1e21; margin: 0; }
  main { max-width: 460px; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 12px; box-shadow: 0 1px 4px #0002; }
  .brand { font-weight: 700; font-size: 1.4rem; color: #003087; } .brand span { color: #009cde; }
  .notice { background: #fff4ce; padding: .5rem .75rem; border-radius: 6px; font-size: .9rem; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .5rem 0; }
  button { display: block; width: 100%; padding: .8rem; margin: .6rem 0; border-radius: 24px; border: 0; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button.primary { background: #0070ba; color: #fff; } button.secondary { background: #eef1f4; color: #1c1e21; }
  button:focus-visible { outline: 3px solid #003087; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; font-size: .85rem; } td, th { border-bottom: 1px solid #ddd; padding: .3rem; text-align: left; }
</style></head>
<body><main><div class="brand">Pay<span>Pal</span> <small>${t.title}</small></div>
<p class="notice" role="note">${t.notice}</p>
${body}
</main></body></html>`;
}

export function pageRoutes(app, ctx) {
  const { store } = ctx;
  const html = (reply, status, body) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const findByBaToken = (ba) =>
    [...store.subscriptions.values()].find(
      (s) =>
        (s.status === 'APPROVAL_PENDING' && s.approval.ba_token === ba) ||
        (s.revision && s.revision.approval.ba_token === ba),
    );

  app.get('/checkoutnow', async (request, reply) => {
    const order = store.orders.get(String(request.query.token ?? ''));
    const open = order && (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED');
    if (!open) return html(reply, 404, page('en', `<p>${TEXT.en.notFound}</p>`));
    const lang = langOf(order.experience.locale);
    const t = TEXT[lang];
    const unit = order.purchase_units[0];
    const action = order.experience.user_action === 'PAY_NOW' ? t.payNow : t.continue;
    return html(
      reply,
      200,
      page(
        lang,
        `<h1>${esc(unit.description ?? t.title)}</h1>
<p class="amount">${money(unit.amount.value, unit.amount.currency_code, lang)}</p>
<form method="post" action="/checkoutnow"><input type="hidden" name="token" value="${esc(order.id)}">
<button class="primary" name="action" value="approve">${action}</button>
<button class="secondary" name="action" value="decline">${t.decline}</button>
<button class="secondary" name="action" value="cancel">${t.cancel}</button></form>`,
      ),
    );
  });

  app.post('/checkoutnow', async (request, reply) => {
    const order = store.orders.get(String(request.body?.token ?? ''));
    const action = request.body?.action;
    if (!order || !['approve', 'decline', 'cancel'].includes(action)) {
      return html(reply, 404, page('en', `<p>${TEXT.en.notFound}</p>`));
    }
    return reply.redirect(decideOrder(ctx, order, action), 303);
  });

  app.get('/webapps/billing/subscriptions', async (request, reply) => {
    const sub = findByBaToken(String(request.query.ba_token ?? ''));
    if (!sub) return html(reply, 404, page('en', `<p>${TEXT.en.notFound}</p>`));
    const revising = sub.status !== 'APPROVAL_PENDING';
    const lang = langOf((revising && sub.revision.application_context.locale) || sub.application_context?.locale);
    const t = TEXT[lang];
    const plan = store.plans.get((revising && sub.revision.plan_id) || sub.plan_id);
    const cycles = (revising && sub.revision.plan?.billing_cycles) || plan.billing_cycles;
    const regular = cycles.find((c) => c.tenure_type === 'REGULAR');
    const price = regular.pricing_scheme.fixed_price;
    const quantity = Number((revising && sub.revision.quantity) || sub.quantity || 1);
    const total = ((toCents(price.value) * quantity) / 100).toFixed(2);
    return html(
      reply,
      200,
      page(
        lang,
        `${revising ? `<p>${t.revision}</p>` : ''}<h1>${esc(plan.name)}</h1>
<p class="amount">${money(total, price.currency_code, lang)} <small>${t.every(regular.frequency.interval_count, regular.frequency.interval_unit)}</small></p>
<form method="post" action="/webapps/billing/subscriptions"><input type="hidden" name="ba_token" value="${esc(request.query.ba_token)}">
<button class="primary" name="action" value="approve">${esc(revising ? t.revise : t.subscribe)}</button>
<button class="secondary" name="action" value="cancel">${t.cancel}</button></form>`,
      ),
    );
  });

  app.post('/webapps/billing/subscriptions', async (request, reply) => {
    const sub = findByBaToken(String(request.body?.ba_token ?? ''));
    const action = request.body?.action;
    if (!sub || !['approve', 'cancel'].includes(action)) {
      return html(reply, 404, page('en', `<p>${TEXT.en.notFound}</p>`));
    }
    return reply.redirect(decideSubscription(ctx, sub, action), 303);
  });

  for (const path of ['/checkoutnow/done', '/webapps/billing/subscriptions/done']) {
    app.get(path, async (_request, reply) => html(reply, 200, page('en', `<p>${TEXT.en.done}</p>`)));
  }

  /** What the simulator holds: subscriptions (status, next billing), orders and the last webhook events. */
  app.get('/', async (_request, reply) => {
    const subs = [...store.subscriptions.values()].reverse();
    const orders = [...store.orders.values()].reverse().slice(0, 50);
    const events = [...store.events.values()].reverse().slice(0, 50);
    const row = (cells) => `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;
    const last = (e) => e.deliveries.at(-1);
    return html(
      reply,
      200,
      page(
        'en',
        `<h2>Subscriptions</h2><table aria-label="Subscriptions"><tr><th>id</th><th>status</th><th>plan</th><th>cycles</th><th>next billing</th></tr>
${subs
  .map((s) =>
    row([
      s.id,
      s.status,
      s.plan_id,
      s.billing_info?.cycle_executions[0].cycles_completed ?? 0,
      s.status === 'ACTIVE' ? (s.billing_info?.next_billing_time ?? '') : 'not billing',
    ]),
  )
  .join('')}</table>
<h2>Orders</h2><table aria-label="Orders"><tr><th>id</th><th>status</th><th>amount</th></tr>
${orders.map((o) => row([o.id, o.status, `${o.purchase_units[0].amount.value} ${o.purchase_units[0].amount.currency_code}`])).join('')}</table>
<h2>Webhook events</h2><table aria-label="Webhook events"><tr><th>id</th><th>type</th><th>delivered</th></tr>
${events.map((e) => row([e.id, e.body.event_type, last(e) ? (last(e).status ?? last(e).error) : 'queued'])).join('')}</table>`,
      ),
    );
  });
}
