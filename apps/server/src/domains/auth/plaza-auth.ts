import {
  createBetterAuth,
  OIDC_PROVIDER_ID,
  trustedOriginsOf,
  type AuthDependencies,
} from './create-auth.ts';
import type { Database } from '../../db/client.ts';
import { loadAuthSecret } from './load-auth-secret.ts';

/** Sign-in for the whole server: better-auth (mounted at /api/auth) and what the rest of Plaza needs of it. */
export interface PlazaAuth {
  betterAuth: ReturnType<typeof createBetterAuth>;
  /** Keys HMACs of confirmation codes; also signs cookies inside better-auth. */
  secret: string;
  /** Origins whose pages may use the session cookie. */
  trustedOrigins: string[];
  /** The "Continue with" provider, or null when OIDC_* is not set. */
  oidc: { providerId: string; name: string } | null;
  /** The session cookie's name and the database its sessions are read from (`cookie-session.ts`). */
  sessionCookie: { name: string; db: Database };
}

export async function createPlazaAuth(deps: Omit<AuthDependencies, 'secret'>): Promise<PlazaAuth> {
  const secret = await loadAuthSecret(deps.store, deps.config.authSecret);
  const betterAuth = createBetterAuth({ ...deps, secret });
  const { authCookies } = await betterAuth.$context;
  return {
    betterAuth,
    secret,
    sessionCookie: { name: authCookies.sessionToken.name, db: deps.store.db },
    trustedOrigins: trustedOriginsOf(deps.config),
    oidc: deps.config.oidc ? { providerId: OIDC_PROVIDER_ID, name: deps.config.oidc.name } : null,
  };
}
