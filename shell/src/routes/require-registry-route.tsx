import type { ReactNode } from 'react';
import { RegistryGate } from '../remote-outlet/registry-gate';

/**
 * A page the shell renders itself, shown only when the signed-in user's registry owns its path. The api serves an
 * entry to those its card is meant for and to those holding a valid license of its plugin (GET /portal/registry), so
 * e.g. /features/content-master is reachable by the internal account alone today; others get the not-found page.
 */
export function RequireRegistryRoute({ children }: { children: ReactNode }) {
  return <RegistryGate>{() => children}</RegistryGate>;
}
