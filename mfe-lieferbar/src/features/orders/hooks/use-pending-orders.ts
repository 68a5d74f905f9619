import { apiErrorKey, useHttp, useNotifyFailure } from '@portal/shared';
import { LIEFERBAR_REFRESH_MS, type LieferbarOrdersResponse } from '@portal/shared/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPendingOrders } from '../api';
import { usePageVisible } from './use-page-visible';

type OrdersData = LieferbarOrdersResponse['data'];

/** The counts and whether the order database is connected; a failed load disconnects until the seller retries. */
export type PendingOrdersState =
  | { status: 'loading' }
  | { status: 'connected'; data: OrdersData; refreshing: boolean }
  | { status: 'disconnected'; errorKey: string; slug: string | null; data: OrdersData | null };

/**
 * Loads the counts, then reloads every LIEFERBAR_REFRESH_MS (40 s) while connected and the tab is visible. A
 * hidden tab pauses the timer; when it is shown again after the interval has passed, it loads at once. A failure
 * shows `lieferbar_get_orders_notification` and stops the timer until `retry()`.
 */
export function usePendingOrders(refreshMs: number = LIEFERBAR_REFRESH_MS) {
  const http = useHttp();
  const notifyFailure = useNotifyFailure();
  const { t } = useTranslation('lieferbar');
  const visible = usePageVisible();
  const [state, setState] = useState<PendingOrdersState>({ status: 'loading' });
  const lastLoad = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    async (kind: 'first' | 'refresh') => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      lastLoad.current = Date.now();
      if (kind === 'first') setState({ status: 'loading' });
      else setState((s) => (s.status === 'connected' ? { ...s, refreshing: true } : s));
      try {
        const data = await fetchPendingOrders(http, { silent: kind === 'refresh', signal: controller.signal });
        if (!controller.signal.aborted) setState({ status: 'connected', data, refreshing: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        const e = error as { slug?: string; status?: number };
        notifyFailure(error, {
          title: t('lieferbar_get_orders_title'),
          message: t('lieferbar_get_orders_notification'),
        });
        setState((s) => ({
          status: 'disconnected',
          errorKey: apiErrorKey(e),
          slug: typeof e?.slug === 'string' ? e.slug : null,
          data: s.status === 'connected' ? s.data : s.status === 'disconnected' ? s.data : null,
        }));
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [http, notifyFailure, t],
  );

  useEffect(() => {
    void load('first');
    return () => inFlight.current?.abort();
  }, [load]);

  const connected = state.status === 'connected';
  useEffect(() => {
    if (!connected || !visible) return undefined;
    const due = Math.max(0, lastLoad.current + refreshMs - Date.now());
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void load('refresh');
      interval = setInterval(() => void load('refresh'), refreshMs);
    }, due);
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [connected, visible, refreshMs, load]);

  const retry = useCallback(() => void load('first'), [load]);
  const refresh = useCallback(() => void load('refresh'), [load]);
  return { state, retry, refresh, paused: connected && !visible };
}
