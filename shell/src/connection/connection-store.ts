// "Connection lost" instead of a blank page. The http client reports whether the api answers; while it
// does not, the shell shows a banner, probes the api now and then, and reloads what failed once it answers again.
import { createStore } from 'zustand/vanilla';
import type { ConnectionReporter } from '@portal/shared';

export interface ConnectionState {
  /** No answer from the api for the last request (after the GET retry). */
  lost: boolean;
  /** A probe is under way (the banner's "Try again now" waits for it). */
  checking: boolean;
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;

export interface ConnectionMonitorDeps {
  /** Asks the api for any answer (the shell's http client GETs /health; it reports back through `reporter`). */
  probe(): Promise<unknown>;
  /** Called once each time the api answers again after the connection was lost. */
  onRestored(): void;
  /** Pause between probes while the connection is lost (default 5 s). */
  intervalMs?: number;
}

export function createConnectionStore(deps: ConnectionMonitorDeps) {
  const store = createStore<ConnectionState>(() => ({ lost: false, checking: false }));
  const intervalMs = deps.intervalMs ?? 5000;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stopProbing = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    stopProbing();
    timer = setTimeout(() => void probeNow(), intervalMs);
  };

  async function probeNow(): Promise<void> {
    if (store.getState().checking) return;
    store.setState({ checking: true });
    try {
      await deps.probe();
    } catch {
      // the reporter already said whether anything answered (an error status is an answer)
    } finally {
      store.setState({ checking: false });
      if (store.getState().lost) schedule();
    }
  }

  const reporter: ConnectionReporter = {
    lost() {
      if (store.getState().lost) return;
      store.setState({ lost: true });
      schedule();
    },
    reached() {
      if (!store.getState().lost) return;
      stopProbing();
      store.setState({ lost: false });
      deps.onRestored();
    },
  };

  const onOnline = () => {
    if (store.getState().lost) void probeNow();
  };

  return {
    store,
    reporter,
    /** Probe at once (the banner's button, the browser's `online` event). */
    retryNow: probeNow,
    /** Listens for the browser's `online` event (and resumes probing); returns the stop function. */
    start(): () => void {
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      if (store.getState().lost) schedule();
      return () => {
        stopProbing();
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      };
    },
  };
}
