import { LOCALE, LOCALE_COOKIE_NAME, cookieOptions } from '@plaza/core/cookies';

function hasCookie(cookieHeader: string | null, name: string): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The Set-Cookie value that stores the locale (spec 1: English, cookie i18n_redirected, 365 days),
 * or null when the visitor already has it, so pages are not sent with a cookie on every request.
 */
export function localeSetCookie(cookieHeader: string | null, isDevelopment: boolean): string | null {
  if (hasCookie(cookieHeader, LOCALE_COOKIE_NAME)) return null;
  const options = cookieOptions('locale', isDevelopment ? 'development' : 'production');
  const sameSite = options.sameSite.charAt(0).toUpperCase() + options.sameSite.slice(1);
  const parts = [
    `${LOCALE_COOKIE_NAME}=${LOCALE}`,
    `Max-Age=${options.maxAge}`,
    `Path=${options.path}`,
    `SameSite=${sameSite}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
