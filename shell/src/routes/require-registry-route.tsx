import type { ReactNode } from 'react';
import { RegistryGate } from '../remote-outlet/registry-gate';

/**
 * A page the shell renders itself, shown only when the signed-in user's registry owns its path. The api filters
 * internal-only entries for everybody else (GET /portal/registry), so e.g. /features/content-master is reachable
 * by the internal account alone, the same rule as its dashboard card; others get the not-found page.
 */
export function RequireRegistryRoute({ children }: { children: ReactNode }) {
  return <RegistryGate>{() => children}</RegistryGate>;
}
