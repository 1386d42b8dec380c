import {
  createBetterAuth,
  OIDC_PROVIDER_ID,
  trustedOriginsOf,
  type AuthDependencies,
} from './create-auth.ts';
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
}

export async function createPlazaAuth(deps: Omit<AuthDependencies, 'secret'>): Promise<PlazaAuth> {
  const secret = await loadAuthSecret(deps.store, deps.config.authSecret);
  return {
    betterAuth: createBetterAuth({ ...deps, secret }),
    secret,
    trustedOrigins: trustedOriginsOf(deps.config),
    oidc: deps.config.oidc ? { providerId: OIDC_PROVIDER_ID, name: deps.config.oidc.name } : null,
  };
}
