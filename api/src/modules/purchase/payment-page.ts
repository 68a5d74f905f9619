// The HTML the api shows in the payment window: the sandbox checkout (amount, seller, Pay/Cancel) and the result
// pages after paying or cancelling (also after PayPal's return). Plain forms, no inline script or style: the
// portal's CSP forbids them; a same-origin script file closes the window after a result.
import { formatMoney, type Language } from '@portal/shared/domain';
import type { FastifyReply } from 'fastify';
import { DOCUMENT_HEADERS } from '../../plugins/security-headers';

/** Sends one of these pages: no caching, no framing, only same-origin styles, scripts and forms. */
export const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .headers(DOCUMENT_HEADERS)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .send(body);

export const PAGE_ASSETS_PATH = '/api/payment/assets';

const TEXTS = {
  de: {
    title: 'Zahlung',
    sandbox: 'Test-Zahlungsseite (Sandbox): Es wird kein echtes Geld bewegt.',
    seller: 'Verkäufer',
    product: 'Produkt',
    amount: 'Betrag (inkl. MwSt.)',
    pay: 'Bezahlen',
    cancel: 'Abbrechen',
    paid: 'Zahlung erhalten. Vielen Dank! Ihre Lizenz ist aktiv. Dieses Fenster schließt sich gleich.',
    processing: 'Zahlung erhalten. Ihre Bestellung wird noch verarbeitet; Sie können dieses Fenster schließen.',
    cancelled: 'Die Zahlung wurde abgebrochen. Dieses Fenster schließt sich gleich.',
    refunded: 'Diese Zahlung wurde erstattet.',
    failed: 'Die Zahlung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
    notFound: 'Diese Zahlung wurde nicht gefunden.',
    expired:
      'Diese Bestellung ist abgelaufen: Sie wurde nicht innerhalb von 24 Stunden bezahlt und kann nicht mehr bezahlt werden. Bitte bestellen Sie im Portal erneut.',
    close: 'Fenster schließen',
    paidApprove:
      'Zahlung erhalten. Ihre Lizenz nutzt jetzt den neuen Tarif. Ein Schritt fehlt noch: Bestätigen Sie bei PayPal den neuen Preis Ihres Abonnements, sonst verlängert PayPal es zum bisherigen Preis.',
    approve: 'Neuen Preis bei PayPal bestätigen',
    planChangeLapsed:
      'Dieser Planwechsel ist nicht mehr möglich: Das Abonnement ist beendet oder gekündigt. Es wurde nichts berechnet.',
    refundDue:
      'Ihre Zahlung ist eingegangen, aber die Bestellung war nicht mehr ausführbar (abgelaufen, oder das Abonnement ist beendet). Es wurde nichts gebucht; Sie erhalten den Betrag zurück.',
    revisionApproved:
      'Danke! PayPal hat den neuen Preis Ihres Abonnements bestätigt; das Portal zeigt die Änderung unter „Lizenzen“. Dieses Fenster schließt sich gleich.',
    revisionCancelled:
      'Der neue Preis wurde bei PayPal nicht bestätigt. PayPal berechnet weiter den bisherigen Preis; Sie können die Bestätigung unter „Lizenzen“ jederzeit nachholen.',
  },
  en: {
    title: 'Payment',
    sandbox: 'Test payment page (sandbox): no real money is moved.',
    seller: 'Seller',
    product: 'Product',
    amount: 'Amount (incl. VAT)',
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'Payment received. Thank you! Your license is active. This window closes in a moment.',
    processing: 'Payment received. Your order is still being processed; you can close this window.',
    cancelled: 'The payment was cancelled. This window closes in a moment.',
    refunded: 'This payment was refunded.',
    failed: 'The payment could not be completed. Please try again.',
    notFound: 'This payment was not found.',
    expired:
      'This order has expired: it was not paid within 24 hours and can no longer be paid. Please order again in the portal.',
    close: 'Close window',
    paidApprove:
      'Payment received. Your license now uses the new plan. One step is left: confirm the new price of your subscription at PayPal, otherwise PayPal renews it at the previous price.',
    approve: 'Confirm the new price at PayPal',
    planChangeLapsed:
      'This plan change is no longer possible: the subscription has ended or is cancelled. Nothing was charged.',
    refundDue:
      'Your payment arrived, but the order could no longer be carried out (it had expired, or the subscription ended). Nothing was booked; the amount will be refunded to you.',
    revisionApproved:
      'Thank you! PayPal confirmed the new price of your subscription; the portal shows the change under “Licenses”. This window closes in a moment.',
    revisionCancelled:
      'The new price was not confirmed at PayPal. PayPal keeps billing the previous price; you can confirm it under “Licenses” at any time.',
  },
} as const;

export type PageText = keyof (typeof TEXTS)['de'];

export const pageText = (lang: Language, key: PageText) => TEXTS[lang === 'en' ? 'en' : 'de'][key];

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(lang: Language, body: string, opts: { closeWindow?: boolean; title?: string } = {}): string {
  const script = opts.closeWindow ? `<script src="${PAGE_ASSETS_PATH}/close-window.js" defer></script>` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(opts.title ?? pageText(lang, 'title'))}</title>
<link rel="stylesheet" href="${PAGE_ASSETS_PATH}/payment-page.css">
${script}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The two buttons of a sandbox page: the primary one posts to `<action>/<primaryPath>`, the other to
 * `<action>/cancel`. The labels are HTML already escaped.
 */
export const sandboxButtons = (action: string, primaryPath: string, primaryLabel: string, cancelLabel: string) =>
  `<div class="actions">
<form method="post" action="${action}/${primaryPath}"><button type="submit" class="primary">${primaryLabel}</button></form>
<form method="post" action="${action}/cancel"><button type="submit">${cancelLabel}</button></form>
</div>`;

export interface CheckoutView {
  lang: Language;
  ref: string;
  seller: string;
  product: string;
  amountCents: number;
  currency: string;
  /** A message above the form (e.g. after a failed attempt). */
  notice?: PageText;
}

export function checkoutPage(v: CheckoutView): string {
  const t = (key: PageText) => escapeHtml(pageText(v.lang, key));
  const action = `/api/payment/sandbox/${encodeURIComponent(v.ref)}`;
  return layout(
    v.lang,
    `<h1>${t('title')}</h1>
<p class="note">${t('sandbox')}</p>
${v.notice ? `<p role="alert" class="notice">${t(v.notice)}</p>` : ''}
<dl>
<dt>${t('seller')}</dt><dd>${escapeHtml(v.seller)}</dd>
<dt>${t('product')}</dt><dd>${escapeHtml(v.product)}</dd>
<dt>${t('amount')}</dt><dd class="amount">${escapeHtml(formatMoney(v.amountCents, v.currency))}</dd>
</dl>
${sandboxButtons(action, 'pay', t('pay'), t('cancel'))}`,
  );
}

/**
 * A final message; `closeWindow` loads the script that closes the pop-up after a moment. `approvalUrl`: the provider
 * still needs the buyer's consent (a revised subscription price), offered as the page's one action.
 */
export function resultPage(
  lang: Language,
  key: PageText,
  opts: { closeWindow?: boolean; status?: string; approvalUrl?: string } = {},
): string {
  const t = (k: PageText) => escapeHtml(pageText(lang, k));
  const action = opts.approvalUrl
    ? `\n<p class="actions"><a class="button primary" href="${escapeHtml(opts.approvalUrl)}">${t('approve')}</a></p>`
    : '';
  return layout(
    lang,
    `<h1>${t('title')}</h1>
<p role="status" data-status="${escapeHtml(opts.status ?? key)}">${t(key)}</p>${action}`,
    opts,
  );
}

export const CLOSE_WINDOW_JS = `// Closes the payment pop-up after the result was shown (the portal polls for the window to close).
setTimeout(function () { window.close(); }, 1500);
`;

export const PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1a1a1a}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin-top:0}.note{color:#555;font-size:.9rem}.notice{color:#a40000}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}.amount{font-size:1.25rem}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:4px;border:1px solid #888;background:#fff;cursor:pointer}
button.primary{background:#1456c8;border-color:#1456c8;color:#fff}
a.button{display:inline-block;font-size:1rem;padding:.6rem 1.4rem;border-radius:4px;text-decoration:none}
a.button.primary{background:#1456c8;color:#fff}a.button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
`;
