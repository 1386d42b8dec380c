/** Asked of every OpenID provider. */
export const OIDC_BASE_SCOPES = ['openid', 'profile', 'email'] as const;

/** Spec 1: the sign-in provider is asked for calendar, contacts, birthday and phone. */
export const OIDC_WANTED_SCOPES = ['calendar', 'contacts', 'birthday', 'phone'] as const;

/** The wanted scopes a provider offers, read from its discovery document's `scopes_supported`. */
export function extraOidcScopes(discovery: unknown): string[] {
  const supported = (discovery as { scopes_supported?: unknown } | null)?.scopes_supported;
  if (!Array.isArray(supported)) return [];
  return OIDC_WANTED_SCOPES.filter((scope) => supported.includes(scope));
}

const CACHE_MS = 60 * 60 * 1000;

/**
 * Reads the provider's discovery document at most once an hour and answers which of the wanted
 * scopes to ask for. A provider that cannot be reached gets the base scopes only, and is asked
 * again on the next sign-in.
 */
export function createOidcScopeLookup(
  discoveryUrl: string,
  onError: (error: unknown) => void,
): () => Promise<string[]> {
  let cached: { scopes: string[]; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.scopes;
    try {
      const response = await fetch(discoveryUrl, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const scopes = extraOidcScopes(await response.json());
      cached = { scopes, until: Date.now() + CACHE_MS };
      return scopes;
    } catch (error) {
      onError(error);
      return [];
    }
  };
}
