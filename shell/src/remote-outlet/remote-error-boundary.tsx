import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children after a render error; `reset` renders the children again. */
  fallback(error: unknown, reset: () => void): ReactNode;
  /** Changing it (e.g. on navigation) clears a caught error. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedKey?: string;
}

/** Keeps a remote's render error inside the content area; the layout stays usable. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedKey !== undefined && props.resetKey !== state.failedKey)
      return { error: null, failedKey: undefined };
    if (state.error && state.failedKey === undefined) return { failedKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A remote failed while rendering', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, failedKey: undefined });

  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
