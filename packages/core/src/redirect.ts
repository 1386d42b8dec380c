/**
 * An internal redirect target (spec 5): a single leading slash, a path of letters, digits and
 * @ - % _ ~ /, then an optional query and hash. Query and hash may hold any visible character
 * except a backslash; whitespace and control characters are refused everywhere because URL
 * parsers drop tabs and newlines, which could turn "/\t/evil.com" into "//evil.com".
 */
const SAFE_REDIRECT = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(?:\?[^#\s\\\p{Cc}]*)?(?:#[^\s\\\p{Cc}]*)?$/u;

export function isSafeRedirect(value: unknown): value is string {
  return typeof value === 'string' && SAFE_REDIRECT.test(value);
}

/** The value when it is a safe internal redirect, otherwise the fallback. */
export function safeRedirect(value: unknown, fallback = '/'): string {
  return isSafeRedirect(value) ? value : fallback;
}
