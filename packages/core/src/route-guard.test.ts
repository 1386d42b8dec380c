import { describe, expect, it } from 'vitest';
import {
  afterSignInTarget,
  decideRoute,
  returnTarget,
  routeAccessOf,
  type RouteGuardInput,
} from './route-guard.ts';

const signedIn = { isSignedIn: true } as const;
const signedOut = { isSignedIn: false } as const;

const CASES: Array<[string, RouteGuardInput, ReturnType<typeof decideRoute>]> = [
  [
    'signed-out visitor with signin=1 gets the sign-in modal',
    { ...signedOut, pathname: '/faq', search: '?signin=1&return=%2Fprofile', access: 'public' },
    { kind: 'sign-in' },
  ],
  [
    'signed-in visitor with a return value goes to the decoded address',
    { ...signedIn, pathname: '/', search: '?signin=1&return=%2Fprofile%3Ftab%3D1', access: 'public' },
    { kind: 'redirect', to: '/profile?tab=1' },
  ],
  [
    'signed-in visitor whose return value is the root goes to chat',
    { ...signedIn, pathname: '/faq', search: '?return=%2F', access: 'public' },
    { kind: 'redirect', to: '/chat' },
  ],
  [
    'signed-in visitor on the root goes to chat',
    { ...signedIn, pathname: '/', search: '', access: 'public' },
    { kind: 'redirect', to: '/chat' },
  ],
  [
    'an unsafe return value is ignored',
    { ...signedIn, pathname: '/faq', search: '?return=%2F%2Fevil.example', access: 'public' },
    { kind: 'stay' },
  ],
  [
    'a guest-only route sends a signed-in visitor home',
    { ...signedIn, pathname: '/welcome', search: '', access: 'guest-only' },
    { kind: 'redirect', to: '/' },
  ],
  [
    'a guest-only route lets a signed-out visitor in',
    { ...signedOut, pathname: '/welcome', search: '', access: 'guest-only' },
    { kind: 'stay' },
  ],
  [
    'a public page is skipped for a signed-out visitor',
    { ...signedOut, pathname: '/company', search: '', access: 'public' },
    { kind: 'stay' },
  ],
  [
    'a public page is skipped for a signed-in visitor',
    { ...signedIn, pathname: '/company', search: '', access: 'public' },
    { kind: 'stay' },
  ],
  [
    'a private page lets a signed-in visitor in',
    { ...signedIn, pathname: '/profile', search: '', access: 'private' },
    { kind: 'stay' },
  ],
  [
    'a signed-out visitor on a private page goes to its public redirect',
    { ...signedOut, pathname: '/chat/g/abc', search: '', access: 'private', publicRedirect: '/group/x/abc' },
    { kind: 'redirect', to: '/group/x/abc' },
  ],
  [
    'a signed-out visitor on a private page with a return value goes to the root with its query',
    { ...signedOut, pathname: '/profile', search: '?return=%2Fchat', access: 'private' },
    { kind: 'redirect', to: '/?return=%2Fchat' },
  ],
  [
    'a signed-out visitor on a private page goes to sign in, returning to the full path',
    { ...signedOut, pathname: '/chat/d/k1', search: '?x=1', hash: '#m', access: 'private' },
    { kind: 'redirect', to: '/?signin=1&return=%2Fchat%2Fd%2Fk1%3Fx%3D1%23m' },
  ],
  [
    'the sign-in callback is never redirected, signed out',
    { ...signedOut, pathname: '/login', search: '?error=state_mismatch', access: 'callback' },
    { kind: 'stay' },
  ],
  [
    'the sign-in callback is never redirected, signed in with a return value',
    { ...signedIn, pathname: '/login', search: '?return=%2Fprofile', access: 'callback' },
    { kind: 'stay' },
  ],
];

describe('decideRoute', () => {
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(decideRoute(input)).toEqual(expected);
  });
});

describe('routeAccessOf', () => {
  it.each([
    ['/chat', 'private'],
    ['/chat/d/abc', 'private'],
    ['/profile', 'private'],
    ['/profile/subscriptions', 'private'],
    ['/community', 'private'],
    ['/community/create', 'private'],
    ['/event/create', 'private'],
    ['/evening-run/abc12345', 'public'],
    ['/group/board-games/abc12345', 'public'],
    ['/group/board-games/abc12345/invite', 'public'],
    ['/chatter', 'public'],
    ['/', 'public'],
    ['/faq', 'public'],
    ['/login', 'callback'],
  ] as const)('%s is %s', (path, access) => {
    expect(routeAccessOf(path)).toBe(access);
  });
});

describe('returnTarget', () => {
  it('decodes a doubly encoded value', () => {
    expect(returnTarget('?return=%252Fprofile')).toBe('/profile');
  });
  it('refuses an address on another site', () => {
    expect(returnTarget('?return=https%3A%2F%2Fevil.example')).toBeNull();
  });
});

describe('afterSignInTarget', () => {
  it.each([
    ['/', '?signin=1&signup=1', '/chat'],
    ['/', '?signin=1&return=%2Fprofile', '/profile'],
    ['/faq', '?signin=1&return=%2F', '/chat'],
    ['/faq', '?signin=1&x=2', '/faq?x=2'],
    ['/company', '?signin=1&return=%2F%2Fevil.example', '/company'],
  ])('from %s%s goes to %s', (pathname, search, target) => {
    expect(afterSignInTarget(pathname, search)).toBe(target);
  });
});

describe('afterSignInTarget with the page model', () => {
  const plan = { kind: 'plan', path: '/picnic/Pk3mN7qR', chatHref: '/chat/p/Ch4tK3y9' } as const;
  it('opens the chat of a plan that has one, from its page or when the return value is its page', () => {
    expect(afterSignInTarget('/picnic/Pk3mN7qR', '?signin=1', plan)).toBe('/chat/p/Ch4tK3y9');
    expect(afterSignInTarget('/picnic/Pk3mN7qR', '?signin=1&return=%2Fpicnic%2FPk3mN7qR', plan)).toBe(
      '/chat/p/Ch4tK3y9',
    );
  });
  it('keeps a plan without chat on its page', () => {
    expect(afterSignInTarget('/picnic/Pk3mN7qR', '?signin=1', { ...plan, chatHref: null })).toBe(
      '/picnic/Pk3mN7qR',
    );
  });
  it('follows a return value to another page, and refuses an unsafe chat address', () => {
    expect(afterSignInTarget('/picnic/Pk3mN7qR', '?signin=1&return=%2Fprofile', plan)).toBe('/profile');
    expect(
      afterSignInTarget('/picnic/Pk3mN7qR', '?signin=1', { ...plan, chatHref: '//evil.example/chat' }),
    ).toBe('/picnic/Pk3mN7qR');
  });
  it('sends a group with payments to the stripe-signup return page only when asked, else stays', () => {
    const group = { kind: 'group', path: '/group/runners/Gr0upK3y' } as const;
    expect(
      afterSignInTarget('/group/runners/Gr0upK3y', '?signin=1', {
        ...group,
        paymentReturnHref: '/profile/stripe-signup?group=Gr0upK3y',
      }),
    ).toBe('/profile/stripe-signup?group=Gr0upK3y');
    expect(
      afterSignInTarget('/group/runners/Gr0upK3y', '?signin=1', { ...group, paymentReturnHref: null }),
    ).toBe('/group/runners/Gr0upK3y');
  });
  it('goes to chat from the root whatever the model', () => {
    expect(afterSignInTarget('/', '?signin=1', plan)).toBe('/chat');
  });
});
