import { ErrorPanel, LoadingState } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { useShellApi } from '../composition/shell-api-context';
import { registryApiRef } from '../composition/shell-apis';
import { NotFoundPage } from '../pages/misc/not-found-page';
import { findEntryForPath } from '../remotes/registry-store';

/**
 * A page the shell renders itself, shown only when the signed-in user's registry owns its path. The api filters
 * internal-only entries for everybody else (GET /portal/registry), so e.g. /features/content-master is reachable
 * by the internal account alone, the same rule as its dashboard card; others get the not-found page.
 */
export function RequireRegistryRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const registry = useShellApi(registryApiRef);
  const status = useStore(registry.state, (state) => state.status);
  const entries = useStore(registry.state, (state) => state.entries);
  if (status === 'idle' || status === 'loading') return <LoadingState />;
  if (status === 'error') {
    return (
      <ErrorPanel
        title={t('remote_load_error_title')}
        message={t('registry_load_error')}
        onRetry={() => void registry.reload()}
      />
    );
  }
  return findEntryForPath(entries, pathname) ? <>{children}</> : <NotFoundPage />;
}
