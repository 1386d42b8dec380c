import { describe, expect, it } from 'vitest';
import { localeSetCookie } from './locale-cookie.ts';

describe('localeSetCookie', () => {
  it('stores English for a year, site-wide, SameSite=Lax and Secure in production', () => {
    expect(localeSetCookie(null, false)).toBe(
      'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('leaves out Secure in development, which runs over plain http', () => {
    expect(localeSetCookie('', true)).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('sets nothing when the visitor already has the cookie', () => {
    expect(localeSetCookie('theme=dark; i18n_redirected=en', false)).toBeNull();
    expect(localeSetCookie('i18n_redirected=en', false)).toBeNull();
  });

  it('is not fooled by a cookie whose name only ends the same way', () => {
    expect(localeSetCookie('x_i18n_redirected=en', false)).not.toBeNull();
  });
});
