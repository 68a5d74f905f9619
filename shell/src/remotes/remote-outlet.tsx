import { useLocation } from 'react-router-dom';
import { ErrorPanel, LoadingState, PortalRemoteRoutes, type RegistryEntry } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../pages/misc/not-found-page';
import { useStore } from 'zustand';
import { useShellApi } from '../composition/shell-api-context';
import { registryApiRef } from '../composition/shell-apis';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { findEntryForPath } from './registry-store';
import { useRemoteModule } from './use-remote-module';

function RemoteRoutes({ entry }: { entry: RegistryEntry }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const module = useRemoteModule(entry);
  if (module.status === 'loading') return <LoadingState />;
  if (module.status === 'error') {
    return (
      <ErrorPanel title={t('remote_load_error_title')} message={t('remote_load_error_text')} onRetry={module.retry} />
    );
  }
  return (
    <RemoteErrorBoundary
      resetKey={location.pathname}
      fallback={(_error, reset) => (
        <ErrorPanel title={t('remote_render_error_title')} message={t('remote_render_error_text')} onRetry={reset} />
      )}
    >
      <PortalRemoteRoutes remote={module.remote} fallback={<NotFoundPage />} />
    </RemoteErrorBoundary>
  );
}

/** The layout's catch-all: finds the registry entry owning the path and renders its remote's routes. */
export function RemoteOutlet() {
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
  if (!entry) return <NotFoundPage />;
  // key: switching to another remote starts a fresh load state.
  return <RemoteRoutes key={entry.remote} entry={entry} />;
}
