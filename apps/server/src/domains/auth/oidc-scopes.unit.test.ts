import { describe, expect, it } from 'vitest';
import { extraOidcScopes } from './oidc-scopes.ts';

describe('extraOidcScopes', () => {
  it('asks only for the wanted scopes the provider lists', () => {
    expect(
      extraOidcScopes({ scopes_supported: ['openid', 'email', 'phone', 'calendar', 'offline_access'] }),
    ).toEqual(['calendar', 'phone']);
  });

  it('asks for none when the provider lists no scopes', () => {
    expect(extraOidcScopes({})).toEqual([]);
    expect(extraOidcScopes(null)).toEqual([]);
    expect(extraOidcScopes({ scopes_supported: 'calendar' })).toEqual([]);
  });
});
