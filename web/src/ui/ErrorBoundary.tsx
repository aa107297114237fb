// Keeps one broken view from blanking the whole page; shows what failed as text.

import { Component, type ReactNode } from 'react';
import { DownloadFailed, isDownloadError } from './downloadFailed';

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
      // A page's code that could not be fetched: not a bug in it, and a reload is the fix.
      if (isDownloadError(this.state.error)) return <DownloadFailed what={this.props.what} />;
      return (
        <div className="notice notice-error" role="alert">
          {this.props.what} could not be drawn: {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
