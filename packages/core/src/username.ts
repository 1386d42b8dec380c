/**
 * Usernames name people in URLs (`/<username>`, spec 2.1), so a username must never shadow a route
 * or a server path. Every top-level route of spec 2.1 and every path the server answers itself is
 * reserved, with a few words that would mislead people (admin, support…).
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // Marketing, information and utility routes (spec 2.1)
  'company',
  'impact',
  'press',
  'faq',
  'creators',
  'copyright',
  'download',
  'dl',
  'download-agreement',
  'community-rules',
  'community-guidelines',
  'privacy-policy',
  'privacy',
  'terms-of-service',
  'tos',
  'terms',
  'unsubscribe',
  'unsubscribe-email',
  'deeplink',
  'sms',
  'login',
  'handle-internal-server-error',
  'healthcheck-all',
  'healthcheck',
  'stripe-check',
  // Chat, community, group, event and profile routes
  'chat',
  'community',
  'group',
  'groups',
  'event',
  'events',
  'plan',
  'plans',
  'profile',
  'friends',
  // Explore and search
  'explore',
  'e',
  's',
  'search',
  // Paths the server answers (DESIGN "Shape") and the web's static files
  'api',
  'graphql',
  'media',
  'healthz',
  'metrics',
  'ics',
  'plan-reply',
  'assets',
  'static',
  'public',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  // Account and product words
  'admin',
  'administrator',
  'root',
  'system',
  'plaza',
  'settings',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'signout',
  'sign-out',
  'logout',
  'register',
  'onboarding',
  'auth',
  'oauth',
  'verify',
  'account',
  'me',
  'myself',
  'user',
  'users',
  'deleted',
  'help',
  'support',
  'contact',
  'about',
  'blog',
  'accessibility',
  'security',
  'status',
  'notifications',
  'activity',
  'home',
  'index',
  'null',
  'undefined',
]);

/**
 * The username the server gives a new account until the person picks theirs while onboarding;
 * nobody may choose one of this form.
 */
export const PROVISIONAL_USERNAME = /^user_[a-z0-9]{12}$/i;

export function isProvisionalUsername(username: string): boolean {
  return PROVISIONAL_USERNAME.test(username);
}

export type UsernameProblem = 'too-short' | 'too-long' | 'characters' | 'dot-edge' | 'reserved';

export type UsernameCheck =
  { valid: true; username: string } | { valid: false; problem: UsernameProblem; message: string };

const USERNAME_CHARACTERS = /^[A-Za-z0-9_.]+$/;

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase()) || isProvisionalUsername(username);
}

/**
 * Checks the form of a username: 3 to 30 letters, digits, underscores and dots, not starting or
 * ending with a dot, and not a reserved word (case-insensitively). Surrounding spaces and one
 * leading @ are dropped. Whether the name is free is for the server to say.
 */
export function checkUsername(input: string): UsernameCheck {
  const username = input.trim().replace(/^@/, '');
  if (username.length < USERNAME_MIN_LENGTH) {
    return {
      valid: false,
      problem: 'too-short',
      message: `A username has at least ${USERNAME_MIN_LENGTH} characters.`,
    };
  }
  if (username.length > USERNAME_MAX_LENGTH) {
    return {
      valid: false,
      problem: 'too-long',
      message: `A username has at most ${USERNAME_MAX_LENGTH} characters.`,
    };
  }
  if (!USERNAME_CHARACTERS.test(username)) {
    return {
      valid: false,
      problem: 'characters',
      message: 'A username uses only letters, digits, underscores and dots.',
    };
  }
  if (username.startsWith('.') || username.endsWith('.')) {
    return { valid: false, problem: 'dot-edge', message: 'A username cannot start or end with a dot.' };
  }
  if (isReservedUsername(username)) {
    return { valid: false, problem: 'reserved', message: `The username ${username} is reserved.` };
  }
  return { valid: true, username };
}
