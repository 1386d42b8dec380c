import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { trustedOriginsOf } from './create-auth.ts';

describe('the origins whose pages may use the session cookie', () => {
  it('are the public address alone on a public host', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://plaza.example.org',
      PORT: '3000',
    });
    expect(trustedOriginsOf(config)).toEqual(['https://plaza.example.org']);
  });

  it('are every loopback name of the same port when the public address is a loopback one', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '3000' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    const origins = trustedOriginsOf(config);
    expect(origins.sort()).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
    // Another port of this machine is another server.
    expect(origins).not.toContain('http://127.0.0.1:3001');
    expect(
      trustedOriginsOf(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:8080' })).sort(),
    ).toEqual(['http://127.0.0.1:8080', 'http://[::1]:8080', 'http://localhost:8080']);
  });
});
