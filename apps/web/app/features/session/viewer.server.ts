import { createContext, type RouterContextProvider } from 'react-router';
import { plazaContext } from '../../context.ts';
import type { Viewer } from '../../root-data.ts';

const SESSION_COOKIE = /(?:^|;\s*)plaza\.session_token=/;

/** The signed-in person of this request, looked up once by the root middleware. */
export const viewerContext = createContext<Viewer | null>(null);

interface MyselfAnswer {
  myself: {
    user: {
      id: number;
      key: string;
      username: string;
      first: string | null;
      last: string | null;
      fullName: string | null;
      image: string | null;
      isVerified: boolean;
    };
    needsOnboarding: boolean;
    isAdmin: boolean;
  } | null;
  myActivities: { unreadCount: number } | null;
}

const MYSELF = /* GraphQL */ `
  query RootViewer {
    myself {
      user {
        id
        key
        username
        first
        last
        fullName
        image
        isVerified
      }
      needsOnboarding
      isAdmin
    }
    myActivities(limit: 1) {
      unreadCount
    }
  }
`;

/**
 * The visitor as the header needs them, or null when signed out; `isExpired` when the browser
 * sent a session cookie the server no longer accepts (spec 8: log out and add #signedout).
 */
export async function loadViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ viewer: Viewer | null; isExpired: boolean }> {
  if (!SESSION_COOKIE.test(request.headers.get('cookie') ?? '')) return { viewer: null, isExpired: false };
  const result = await context.get(plazaContext).graphql<MyselfAnswer>(MYSELF);
  const myself = result.data?.myself;
  if (!myself) {
    const isExpired = result.errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED') ?? false;
    return { viewer: null, isExpired };
  }
  const { user } = myself;
  const viewer: Viewer = {
    id: user.id,
    key: user.key,
    username: user.username,
    first: user.first ?? '',
    last: user.last ?? '',
    fullName: user.fullName ?? user.first ?? user.username,
    image: user.image,
    isVerified: user.isVerified,
    needsOnboarding: myself.needsOnboarding,
    unreadActivityCount: result.data?.myActivities?.unreadCount ?? 0,
    isAdmin: myself.isAdmin,
  };
  return { viewer, isExpired: false };
}

/** Removes the browser's session cookie (same name and path as the server sets it). */
export function clearSessionCookie(isDevelopment: boolean): string {
  return `plaza.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isDevelopment ? '' : '; Secure'}`;
}
