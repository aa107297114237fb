// Keeps one broken view from blanking the whole page; shows what failed as text.

import { Component, type ReactNode } from 'react';

interface Props {
  what: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="notice notice-error" role="alert">
          {this.props.what} could not be drawn: {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
