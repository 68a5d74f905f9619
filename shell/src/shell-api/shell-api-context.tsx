import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ReadableStore, ShellApiRef, ShellApis } from './shell-apis';

const ShellApiContext = createContext<ShellApis | null>(null);

export function ShellApiProvider({ apis, children }: { apis: ShellApis; children: ReactNode }) {
  return <ShellApiContext.Provider value={apis}>{children}</ShellApiContext.Provider>;
}

/** One shell capability, as Backstage's useApi(ref). */
export function useShellApi<T>(apiRef: ShellApiRef<T>): T {
  const apis = useContext(ShellApiContext);
  if (!apis?.has(apiRef)) throw new Error(`No shell api '${apiRef.id}': render inside <ShellApiProvider>`);
  return apis.get(apiRef) as T;
}

/** The capability when the shell provides it, else null (components also rendered alone in tests). */
export function useOptionalShellApi<T>(apiRef: ShellApiRef<T>): T | null {
  const apis = useContext(ShellApiContext);
  return apis?.has(apiRef) ? (apis.get(apiRef) as T) : null;
}

/** Subscribes to a slice of a readable shell store. */
export function useShellState<S, U>(apiRef: ShellApiRef<ReadableStore<S>>, selector: (state: S) => U): U {
  return useStore(useShellApi(apiRef), selector);
}
