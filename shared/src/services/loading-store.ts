import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { LoadingCounter } from './contract';

export interface LoadingStoreState extends LoadingCounter {
  /** Open begin() calls. */
  count: number;
  isLoading: boolean;
}

export type LoadingStore = StoreApi<LoadingStoreState> & {
  /** React hook: `loadingStore.use((s) => s.isLoading)`. */
  use<U>(selector: (state: LoadingStoreState) => U): U;
  /** The LoadingCounter to put into PortalServices (stable methods). */
  counter: LoadingCounter;
};

/** Global loading counter that drives the spinner. Never goes below zero. */
export function createLoadingStore(): LoadingStore {
  const store = createStore<LoadingStoreState>((set, get) => ({
    count: 0,
    isLoading: false,
    begin: () => set((s) => ({ count: s.count + 1, isLoading: true })),
    end: () =>
      set((s) => {
        const count = Math.max(0, s.count - 1);
        return { count, isLoading: count > 0 };
      }),
    track: async <T>(promise: Promise<T>): Promise<T> => {
      get().begin();
      try {
        return await promise;
      } finally {
        get().end();
      }
    },
  }));
  const state = store.getState();
  const counter: LoadingCounter = { begin: state.begin, end: state.end, track: state.track };
  return Object.assign(store, {
    use: <U>(selector: (s: LoadingStoreState) => U) => useStore(store, selector),
    counter,
  });
}
