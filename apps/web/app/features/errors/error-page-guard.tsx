import { Component, type ReactNode } from 'react';
import { ERROR_PAGE_FAILURE_MESSAGE } from '@plaza/core/error-messages';

/**
 * Last line of defence (spec 8): if the error page itself throws, show a plain message with a
 * link home. Uses no layout, router hook or data, so it cannot fail the same way.
 */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The error page failed to render', error);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-extrabold tracking-tight">{ERROR_PAGE_FAILURE_MESSAGE}</h1>
        <p className="mt-6">
          <a href="/" className="font-semibold text-coral-strong underline underline-offset-2">
            Back to Plaza home
          </a>
        </p>
      </main>
    );
  }
}
