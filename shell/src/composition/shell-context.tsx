import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ShellRuntime } from './create-shell';

const ShellContext = createContext<ShellRuntime | null>(null);

export function ShellRuntimeProvider({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  return <ShellContext.Provider value={runtime}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellRuntime {
  const runtime = useContext(ShellContext);
  if (!runtime) throw new Error('useShell must be used inside <ShellRuntimeProvider>');
  return runtime;
}

type Stores = ShellRuntime['stores'];
type StateOf<K extends keyof Stores> = ReturnType<Stores[K]['getState']>;

/** Subscribes a component to one of the shell's stores. */
export function useShellStore<K extends keyof Stores, T>(key: K, selector: (state: StateOf<K>) => T): T {
  const store = useShell().stores[key] as unknown as Parameters<typeof useStore>[0];
  return useStore(store, selector as (state: unknown) => T);
}
