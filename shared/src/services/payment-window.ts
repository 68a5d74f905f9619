import { useCallback, useEffect, useRef } from 'react';
import { PAYMENT_WINDOW } from '../domain/constants';
import { useNotify } from './context';
import type { NotifyInput } from './contract';

/**
 * Opens the payment provider's page in a centred 1000×800 window. Returns null when the browser
 * blocked the pop-up, so the caller can show `license_popup_blocked` with a retry.
 */
export function openPaymentWindow(url: string, target = 'portal-payment'): Window | null {
  const { width, height } = PAYMENT_WINDOW;
  const outerLeft = window.screenX ?? 0;
  const outerTop = window.screenY ?? 0;
  const left = Math.max(0, Math.round(outerLeft + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(outerTop + (window.outerHeight - height) / 2));
  const popup = window.open(url, target, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  return popup && !popup.closed ? popup : null;
}

/** Polls every second until `popup` is closed, then calls onClosed once. Returns a stop function. */
export function watchWindowClosed(popup: Window, onClosed: () => void): () => void {
  const timer = window.setInterval(() => {
    if (popup.closed) {
      window.clearInterval(timer);
      onClosed();
    }
  }, PAYMENT_WINDOW.closePollMs);
  return () => window.clearInterval(timer);
}

/**
 * `open(url, blocked)` shows a payment page in the payment window and calls `onClosed` once it is closed (a newer
 * window replaces the watch; unmounting stops it). A blocked pop-up shows `blocked` as a warning instead.
 */
export function usePaymentWindow(onClosed: () => void) {
  const notify = useNotify();
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);
  return useCallback(
    (url: string, blocked: NotifyInput) => {
      const popup = openPaymentWindow(url);
      if (!popup) {
        notify.warning(blocked);
        return;
      }
      stopWatching.current?.();
      stopWatching.current = watchWindowClosed(popup, () => {
        stopWatching.current = null;
        onClosed();
      });
    },
    [notify, onClosed],
  );
}
