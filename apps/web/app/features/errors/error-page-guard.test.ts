import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorPageGuard } from './error-page-guard.tsx';

describe('ErrorPageGuard', () => {
  it('shows its children while the error page works', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorPageGuard, null, createElement('p', null, 'Page not found')),
    );
    expect(html).toBe('<p>Page not found</p>');
  });

  it('falls back to a plain message with a link home once the error page has thrown', () => {
    const guard = new ErrorPageGuard({ children: null });
    guard.state = ErrorPageGuard.getDerivedStateFromError();
    const html = renderToStaticMarkup(guard.render());
    expect(html).toContain('<h1');
    expect(html).toContain('An error occurred while showing the error page');
    expect(html).toMatch(/<a href="\/"[^>]*>Back to Plaza home<\/a>/);
  });
});
