import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadFailure } from '../components/ChunkLoadFailure';
import { LazyErrorPage as ErrorPage } from '../components/LazyErrorPage';
import { isChunkLoadError } from '../components/lazy-retry';

interface Props {
  children: ReactNode;
  /** Changes when the visitor moves: a new page gets a fresh chance. */
  resetKey: string;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** What shows instead of the error page (null for a part of the page that can go without). */
  fallback?: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/**
 * Any fatal error below shows the error page (SPEC.md §2) instead of a blank screen; code that
 * could not be downloaded (after lazy-retry's second try) shows « Recharger la page » instead.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, failed: false, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render() {
    if (this.state.failed && this.props.fallback !== undefined) return this.props.fallback;
    if (this.state.failed && isChunkLoadError(this.state.error)) return <ChunkLoadFailure />;
    if (this.state.failed) return <ErrorPage error={this.state.error} onRetry={() => this.setState({ failed: false, error: null })} />;
    return this.props.children;
  }
}
