// The purchase dialog's states: loading (the server's quote) → confirm → ordering (the invoice is made only now, when
// the seller confirms) → payment_pending, then the result once the payment window closes. One job: talk to
// POST /invoice/quote, POST /invoice, the payment window and the session.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_WINDOW } from '../../../domain/constants';
import { isProfileComplete } from '../../../domain/completeness';
import type { PaymentCheckResponse } from '../../../domain/invoice';
import type { PlanChangeScheduled, PurchaseQuote, PurchaseRequest, PurchaseResponse } from '../../../domain/purchase';
import { ApiError } from '../../../services/api-error';
import { useHttp, useNotify, useSession } from '../../../services/context';
import { useNotifyFailure } from '../../use-notify-failure';
import { openPaymentWindow, watchWindowClosed } from '../../../services/payment-window';
import type { BuyChoice } from '../cards/license-card';

export type PurchaseState =
  | { kind: 'idle' }
  | { kind: 'missing_info' }
  /** Asking the server for the quote (POST /invoice/quote, nothing is written). */
  | { kind: 'loading'; choice: BuyChoice }
  /** The quote is shown; `order` is set once confirming made the invoice but the pop-up was blocked. */
  | { kind: 'confirm'; choice: BuyChoice; quote: PurchaseQuote; order?: PurchaseResponse; popupBlocked: boolean }
  /** The seller confirmed: POST /invoice makes the invoice while the payment window waits. */
  | { kind: 'ordering'; choice: BuyChoice; quote: PurchaseQuote }
  | { kind: 'payment_pending'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'checking'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'paid'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'not_paid'; choice: BuyChoice; order: PurchaseResponse; popupBlocked: boolean }
  /**
   * A plan change that waits for the period end was recorded: nothing to pay now. `approvalUrl`: the payment provider
   * bills the new price only once the seller confirmed it there (PayPal).
   */
  | { kind: 'scheduled'; choice: BuyChoice; effectiveAt: string; approvalUrl: string | null };

/** While the webhook is on its way the invoice may still be Created/Pending: ask a few times, a second apart. */
const PAYMENT_CHECK_ATTEMPTS = 5;
const PAYMENT_SETTLED = ['Paid', 'Failed', 'Refunded'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One key per opened dialog: POST /invoice (sent when the seller confirms) carries it as Idempotency-Key, so a repeat of the same request (the http
 * client resends it after a lost answer or a refreshed token) gets the same draft and payment window back instead of
 * a second order. A UUID v4; built from getRandomValues where randomUUID is missing (a page served without HTTPS).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const requestOf = (choice: BuyChoice): PurchaseRequest => ({
  product_id: choice.product.id,
  extra_users_count: choice.selection.extra_users_count,
  extra_email_blocks: choice.selection.extra_email_blocks,
  auto_upgrade_consent: choice.autoUpgradeConsent,
});

export function usePurchaseFlow() {
  const { t } = useTranslation('buy');
  const http = useHttp();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const session = useSession();
  const [state, setState] = useState<PurchaseState>({ kind: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;
  const run = useRef(0);
  const stopWatching = useRef<(() => void) | null>(null);
  const popupRef = useRef<Window | null>(null);
  const idempotencyKey = useRef('');

  useEffect(
    () => () => {
      run.current += 1;
      stopWatching.current?.();
    },
    [],
  );

  const failed = useCallback(
    (error: unknown, title: 'quote_failed' | 'invoice_failed') => {
      if (error instanceof ApiError && error.slug === 'profile-incomplete') {
        setState({ kind: 'missing_info' });
        return;
      }
      // The dialog closes and says why.
      setState({ kind: 'idle' });
      notifyFailure(error, { title: t(title) });
    },
    [notifyFailure, t],
  );

  const start = useCallback(
    async (choice: BuyChoice) => {
      const id = ++run.current;
      if (!isProfileComplete(session.profile?.contact) || !(choice.product.priceNetto.amount > 0)) {
        setState({ kind: 'missing_info' });
        return;
      }
      idempotencyKey.current = newIdempotencyKey();
      setState({ kind: 'loading', choice });
      try {
        const quote = await http.post<PurchaseQuote>('/invoice/quote', requestOf(choice));
        if (id !== run.current) return;
        setState({ kind: 'confirm', choice, quote, popupBlocked: false });
      } catch (error) {
        if (id !== run.current) return;
        failed(error, 'quote_failed');
      }
    },
    [failed, http, session.profile],
  );

  const settle = useCallback(
    async (id: number, choice: BuyChoice, order: PurchaseResponse) => {
      // The licenses reload first (the seller waits for the new one); the invoice list reload (after PAYMENT_WINDOW.reloadDelayMs) belongs to
      // the invoices page, which loads its own list whenever it is opened — the session holds no invoices.
      await session.refresh('licenses');
      await sleep(PAYMENT_WINDOW.reloadDelayMs);
      let status: string | undefined;
      for (let attempt = 0; attempt < PAYMENT_CHECK_ATTEMPTS; attempt += 1) {
        if (id !== run.current) return;
        try {
          const check = await http.get<PaymentCheckResponse>(
            `/invoice/${encodeURIComponent(order.invoice_id)}/payment-check`,
            {
              silent: true,
            },
          );
          status = check.payment?.status;
        } catch {
          status = undefined;
          break;
        }
        if (status && PAYMENT_SETTLED.includes(status)) break;
        await sleep(PAYMENT_WINDOW.closePollMs);
      }
      if (id !== run.current) return;
      if (status === 'Paid') {
        await session.refresh('licenses');
        if (id !== run.current) return;
        setState({ kind: 'paid', choice, order });
      } else if (status === undefined) {
        // The check itself failed: the licenses are reloaded, the dialog closes.
        setState({ kind: 'idle' });
      } else {
        setState({ kind: 'not_paid', choice, order, popupBlocked: false });
      }
    },
    [http, session],
  );

  /** Shows the order's payment page in `popup` and waits for the window to close. */
  const watch = useCallback(
    (popup: Window, choice: BuyChoice, order: PurchaseResponse) => {
      popupRef.current = popup;
      const id = run.current;
      setState({ kind: 'payment_pending', choice, order });
      stopWatching.current?.();
      stopWatching.current = watchWindowClosed(popup, () => {
        stopWatching.current = null;
        popupRef.current = null;
        if (id !== run.current) {
          // The dialog was closed meanwhile: still bring the licenses up to date.
          void session.refresh('licenses');
          return;
        }
        setState({ kind: 'checking', choice, order });
        void settle(id, choice, order);
      });
    },
    [session, settle],
  );

  const blocked = useCallback(() => {
    notify.warning({ title: t('popup_blocked_title'), message: t('license_popup_blocked') });
  }, [notify, t]);

  /** Confirm of a plan change that waits for the period end: recorded by POST /invoice, no payment window. */
  const schedule = useCallback(
    async (choice: BuyChoice, quote: PurchaseQuote) => {
      const id = run.current;
      setState({ kind: 'ordering', choice, quote });
      try {
        const answer = await http.post<PlanChangeScheduled>('/invoice', requestOf(choice), {
          headers: { 'Idempotency-Key': idempotencyKey.current },
        });
        if (id !== run.current) return;
        setState({
          kind: 'scheduled',
          choice,
          effectiveAt: answer.scheduled.effective_at,
          approvalUrl: answer.approval_url ?? null,
        });
        void session.refresh('licenses');
      } catch (error) {
        if (id === run.current) failed(error, 'invoice_failed');
      }
    },
    [failed, http, session],
  );

  /** Confirm: make the invoice (once per dialog, by its Idempotency-Key) and show its payment page. */
  const order = useCallback(
    async (choice: BuyChoice, quote: PurchaseQuote) => {
      if (quote.plan_change?.timing === 'period_end') return schedule(choice, quote);
      const id = run.current;
      // The window opens within the seller's click (a pop-up opened after an await is blocked), blank until the
      // invoice and its payment page exist.
      const popup = openPaymentWindow('about:blank');
      setState({ kind: 'ordering', choice, quote });
      let created: PurchaseResponse;
      try {
        created = await http.post<PurchaseResponse>('/invoice', requestOf(choice), {
          headers: { 'Idempotency-Key': idempotencyKey.current },
        });
      } catch (error) {
        popup?.close();
        if (id === run.current) failed(error, 'invoice_failed');
        return;
      }
      if (id !== run.current) {
        popup?.close();
        return;
      }
      if (!popup || popup.closed) {
        blocked();
        setState({ kind: 'confirm', choice, quote: created.quote, order: created, popupBlocked: true });
        return;
      }
      popup.location.href = new URL(created.payment_url, window.location.href).href;
      watch(popup, choice, created);
    },
    [blocked, failed, http, schedule, watch],
  );

  const pay = useCallback(() => {
    const current = stateRef.current;
    if (current.kind === 'confirm' && !current.order) {
      void order(current.choice, current.quote);
      return;
    }
    if (current.kind !== 'confirm' && current.kind !== 'not_paid') return;
    const made = current.order!;
    const popup = openPaymentWindow(made.payment_url);
    if (!popup) {
      blocked();
      setState({ ...current, popupBlocked: true });
      return;
    }
    watch(popup, current.choice, made);
  }, [blocked, order, watch]);

  const focusPaymentWindow = useCallback(() => popupRef.current?.focus(), []);

  const close = useCallback(() => {
    run.current += 1;
    setState({ kind: 'idle' });
  }, []);

  return { state, start, pay, close, focusPaymentWindow };
}
