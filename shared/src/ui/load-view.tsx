import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { LoadState } from '../services/use-load';
import { ErrorPanel } from './error-panel';
import { LoadingState } from './loading-state';

export interface LoadViewProps<T> {
  state: LoadState<T>;
  /** What is loading, said while it loads; default: 'Loading…'. */
  loadingLabel?: ReactNode;
  /** The error panel's title when the load failed; the message comes from the error. */
  errorTitle?: ReactNode;
  /** The error panel's message instead of the error's text (a load whose failure the caller words itself). */
  errorMessage?: ReactNode;
  onRetry: () => void;
  retryLabel?: ReactNode;
  /** Inside a section or dialog: a small spinner line instead of the page-sized loading state. */
  inline?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The three faces of a load in one place: loading (announced as a status), failed (an error panel with Retry, so
 * the seller is never left with a blank area), and the loaded content.
 */
export function LoadView<T>({
  state,
  loadingLabel,
  errorTitle,
  errorMessage,
  onRetry,
  retryLabel,
  inline,
  children,
}: LoadViewProps<T>) {
  if (state.status === 'loading') {
    if (!inline) return <LoadingState label={loadingLabel} />;
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status" aria-live="polite">
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2">{loadingLabel}</Typography>
      </Stack>
    );
  }
  if (state.status === 'error') {
    return (
      <ErrorPanel
        title={errorTitle}
        message={errorMessage}
        error={state.error}
        onRetry={onRetry}
        retryLabel={retryLabel}
      />
    );
  }
  return <>{children(state.data)}</>;
}
