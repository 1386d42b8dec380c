import { isSafeRedirect } from './redirect.ts';

/**
 * Who may see a route (spec 2.3): `public` pages need no account and are skipped by the guard,
 * `guest-only` pages are for signed-out visitors, `callback` is the sign-in callback (/login),
 * which is never redirected away from, and `private` pages need an account.
 */
export type RouteAccess = 'public' | 'guest-only' | 'callback' | 'private';

const PRIVATE_PATH = /^\/(?:chat|profile|community|event)(?:\/|$)/i;
const CALLBACK_PATH = /^\/login\/?$/i;

/** The access of a path of the route table as it stands (chat, profile, community and event need an account). */
export function routeAccessOf(pathname: string): RouteAccess {
  if (CALLBACK_PATH.test(pathname)) return 'callback';
  if (PRIVATE_PATH.test(pathname)) return 'private';
  return 'public';
}

export interface RouteGuardInput {
  pathname: string;
  /** The query with its leading "?", or "". */
  search: string;
  /** The hash with its leading "#", or "" (servers never see it). */
  hash?: string;
  isSignedIn: boolean;
  access: RouteAccess;
  /** A private page's own public alternative, if it has one. */
  publicRedirect?: string | null;
}

export type RouteGuardDecision =
  | { kind: 'stay' }
  /** Stay, and open the sign-in modal (signed-out visitor with `signin=1`). */
  | { kind: 'sign-in' }
  | { kind: 'redirect'; to: string };

export const CHAT_HOME = '/chat';

/** The decoded `return` value of a query when it is a safe internal address, else null. */
export function returnTarget(search: string): string | null {
  const value = new URLSearchParams(search).get('return');
  if (value === null) return null;
  let decoded = value;
  // A value may arrive encoded once more than URLSearchParams undoes (e.g. %252F).
  if (/^%2F/i.test(decoded)) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  return isSafeRedirect(decoded) ? decoded : null;
}

/** The sign-in modal address for a signed-out visitor who wanted `fullPath`. */
export function signInHref(fullPath: string): string {
  return `/?signin=1&return=${encodeURIComponent(fullPath)}`;
}

/** The authentication step of every route change (spec 2.3), as one decision. */
export function decideRoute(input: RouteGuardInput): RouteGuardDecision {
  const { pathname, search, hash = '', isSignedIn, access } = input;
  if (access === 'callback') return { kind: 'stay' };
  const params = new URLSearchParams(search);
  const target = returnTarget(search);

  if (isSignedIn) {
    if (target !== null) return { kind: 'redirect', to: target === '/' ? CHAT_HOME : target };
    if (pathname === '/') return { kind: 'redirect', to: CHAT_HOME };
    if (access === 'guest-only') return { kind: 'redirect', to: '/' };
    return { kind: 'stay' };
  }

  if (access === 'private') {
    if (input.publicRedirect) return { kind: 'redirect', to: input.publicRedirect };
    if (params.has('return')) return { kind: 'redirect', to: `/${search}` };
    return { kind: 'redirect', to: signInHref(`${pathname}${search}${hash}`) };
  }
  if (params.get('signin') === '1') return { kind: 'sign-in' };
  return { kind: 'stay' };
}

const SIGN_IN_PARAMS = ['signin', 'signup', 'return'];

/** The address without the sign-in modal's query values (signin, signup, return). */
export function withoutSignInParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SIGN_IN_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page a person signs in from, when it is one with a model of its own (spec 4 "Session"): a
 * plan, with the address of its chat when it has one the person may open; a group, with the
 * address of the stripe-signup return page when the sign-in asked for it (a group with payments).
 */
export type SignInPageModel =
  | { kind: 'plan'; path: string; chatHref: string | null }
  | { kind: 'group'; path: string; paymentReturnHref: string | null };

/**
 * Where a person goes once signed in (spec 4 "Session"): the return value, chat from the root
 * (no model), otherwise the page they are on, loaded again so its content reloads; when that
 * page is a plan with a chat, its chat, and when it is a group with payments whose sign-in asked
 * for it, the stripe-signup return page. Public and group pages otherwise stay.
 */
export function afterSignInTarget(pathname: string, search: string, model?: SignInPageModel | null): string {
  const decision = decideRoute({ pathname, search, isSignedIn: true, access: routeAccessOf(pathname) });
  const target = decision.kind === 'redirect' ? decision.to : withoutSignInParams(pathname, search);
  if (!model || target.split(/[?#]/)[0] !== model.path) return target;
  const next = model.kind === 'plan' ? model.chatHref : model.paymentReturnHref;
  return next !== null && isSafeRedirect(next) ? next : target;
}
