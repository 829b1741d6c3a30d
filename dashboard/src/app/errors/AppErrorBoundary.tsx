import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

/**
 * The last line behind the routes' own error pages: anything that throws outside a route (the router itself, the
 * providers) shows the error page instead of a blank screen. It sits outside the router, so its home link is a plain one.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
