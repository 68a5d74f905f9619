import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { NOTIFICATION_AUTO_HIDE_MS } from '../domain/constants';
import type { NotificationType, Notifier, NotifyInput } from './contract';

export interface PortalNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** ms; default 5000. */
  autoHideDuration: number;
}

export interface NotificationStoreState {
  notifications: PortalNotification[];
  /** Adds a notification and returns its id. */
  push(type: NotificationType, input: NotifyInput): string;
  dismiss(id: string): void;
  clear(): void;
}

export type NotificationStore = StoreApi<NotificationStoreState> & {
  use<U>(selector: (state: NotificationStoreState) => U): U;
  /** The Notifier to put into PortalServices. */
  notifier: Notifier;
};

let sequence = 0;

/** Queue of notifications shown by the shell. */
export function createNotificationStore(): NotificationStore {
  const store = createStore<NotificationStoreState>((set) => ({
    notifications: [],
    push: (type, input) => {
      sequence += 1;
      const id = `n${Date.now().toString(36)}-${sequence}`;
      const notification: PortalNotification = {
        id,
        type,
        title: input.title ?? '',
        message: input.message,
        autoHideDuration: input.autoHideMs ?? NOTIFICATION_AUTO_HIDE_MS,
      };
      set((s) => ({ notifications: [...s.notifications, notification] }));
      return id;
    },
    dismiss: (id) => set((s) => ({ notifications: s.notifications.filter((n) => n.id !== id) })),
    clear: () => set({ notifications: [] }),
  }));
  const push = store.getState().push;
  const notifier: Notifier = {
    success: (input) => void push('success', input),
    error: (input) => void push('error', input),
    warning: (input) => void push('warning', input),
    info: (input) => void push('info', input),
  };
  return Object.assign(store, {
    use: <U>(selector: (s: NotificationStoreState) => U) => useStore(store, selector),
    notifier,
  });
}
