import { useLocation } from 'react-router-dom';
import { ErrorPanel, LoadingState, PortalRemoteRoutes, type RegistryEntry } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../pages/misc/not-found-page';
import { RegistryGate } from './registry-gate';
import { RemoteErrorBoundary } from './remote-error-boundary';
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
  // key: switching to another remote starts a fresh load state.
  return <RegistryGate>{(entry) => <RemoteRoutes key={entry.remote} entry={entry} />}</RegistryGate>;
}
