// The purchase dialog's states (spec §4): loading → confirm → payment_pending, then the result once the
// payment window closes. One job: talk to POST /invoice, the payment window and the session.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_WINDOW } from '../../../domain/constants';
import { isProfileComplete } from '../../../domain/completeness';
import type { PaymentCheckResponse } from '../../../domain/invoice';
import type { PurchaseRequest, PurchaseResponse } from '../../../domain/purchase';
import { apiErrorKey } from '../../../i18n/api-error-key';
import { ApiError, supportCodeOf } from '../../../services/api-error';
import { useHttp, useNotify, useSession } from '../../../services/context';
import { openPaymentWindow, watchWindowClosed } from '../../../services/payment-window';
import type { BuyChoice } from '../cards/license-card';

export type PurchaseState =
  | { kind: 'idle' }
  | { kind: 'missing_info' }
  | { kind: 'loading'; choice: BuyChoice }
  | { kind: 'confirm'; choice: BuyChoice; order: PurchaseResponse; popupBlocked: boolean }
  | { kind: 'payment_pending'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'checking'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'paid'; choice: BuyChoice; order: PurchaseResponse }
  | { kind: 'not_paid'; choice: BuyChoice; order: PurchaseResponse; popupBlocked: boolean };

/** While the webhook is on its way the invoice may still be Created/Pending: ask a few times, a second apart. */
const PAYMENT_CHECK_ATTEMPTS = 5;
const PAYMENT_SETTLED = ['Paid', 'Failed', 'Refunded'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One key per opened dialog: POST /invoice carries it as Idempotency-Key, so a repeat of the same request (the http
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

export function usePurchaseFlow() {
  const { t } = useTranslation('buy');
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const [state, setState] = useState<PurchaseState>({ kind: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;
  const run = useRef(0);
  const stopWatching = useRef<(() => void) | null>(null);
  const popupRef = useRef<Window | null>(null);

  useEffect(
    () => () => {
      run.current += 1;
      stopWatching.current?.();
    },
    [],
  );

  const start = useCallback(
    async (choice: BuyChoice) => {
      const id = ++run.current;
      if (!isProfileComplete(session.profile?.contact) || !(choice.product.priceNetto.amount > 0)) {
        setState({ kind: 'missing_info' });
        return;
      }
      setState({ kind: 'loading', choice });
      const body: PurchaseRequest = {
        product_id: choice.product.id,
        extra_users_count: choice.selection.extra_users_count,
        extra_email_blocks: choice.selection.extra_email_blocks,
        auto_upgrade_consent: choice.autoUpgradeConsent,
      };
      const headers = { 'Idempotency-Key': newIdempotencyKey() };
      try {
        const order = await http.post<PurchaseResponse>('/invoice', body, { headers });
        if (id !== run.current) return;
        setState({ kind: 'confirm', choice, order, popupBlocked: false });
      } catch (error) {
        if (id !== run.current) return;
        if (error instanceof ApiError && error.slug === 'profile-incomplete') {
          setState({ kind: 'missing_info' });
          return;
        }
        // Spec §8 only logs this; we close the dialog and say why.
        setState({ kind: 'idle' });
        const text = t(apiErrorKey(error as ApiError), { ns: 'common' });
        const code = supportCodeOf(error);
        notify.error({
          title: t('invoice_failed'),
          message: code ? `${text} ${t('support_code', { ns: 'common', code })}` : text,
        });
      }
    },
    [http, notify, session.profile, t],
  );

  const settle = useCallback(
    async (id: number, choice: BuyChoice, order: PurchaseResponse) => {
      // Spec §4: licenses reload first; the invoice list reload (after PAYMENT_WINDOW.reloadDelayMs) belongs to
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
        // The check itself failed: the licenses are reloaded, the dialog closes (spec §4).
        setState({ kind: 'idle' });
      } else {
        setState({ kind: 'not_paid', choice, order, popupBlocked: false });
      }
    },
    [http, session],
  );

  const pay = useCallback(() => {
    const current = stateRef.current;
    if (current.kind !== 'confirm' && current.kind !== 'not_paid') return;
    const { choice, order } = current;
    const popup = openPaymentWindow(order.payment_url);
    if (!popup) {
      notify.warning({ title: t('popup_blocked_title'), message: t('license_popup_blocked') });
      setState({ ...current, popupBlocked: true });
      return;
    }
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
  }, [notify, session, settle, t]);

  const focusPaymentWindow = useCallback(() => popupRef.current?.focus(), []);

  const close = useCallback(() => {
    run.current += 1;
    setState({ kind: 'idle' });
  }, []);

  return { state, start, pay, close, focusPaymentWindow };
}
