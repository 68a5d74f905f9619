import { ErrorPanel, LoadingState, type RegistryEntry } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { useShellApi } from '../shell-api/shell-api-context';
import { registryApiRef } from '../shell-api/shell-apis';
import { NotFoundPage } from '../pages/misc/not-found-page';
import { findEntryForPath } from '../remotes/registry-store';

/**
 * The one wait for the signed-in user's registry in front of a registry-owned path: a loading state while it
 * loads, an error panel with Retry when it failed, the not-found page when no entry owns the path; otherwise
 * `children` with the owning entry. The registry loads once after sign-in, so a later navigation passes at once.
 */
export function RegistryGate({ children }: { children: (entry: RegistryEntry) => ReactNode }) {
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
  const entry = findEntryForPath(entries, pathname);
  return entry ? <>{children(entry)}</> : <NotFoundPage />;
}
