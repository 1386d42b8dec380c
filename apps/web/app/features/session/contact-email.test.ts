import { describe, expect, it } from 'vitest';
import { contactEmailFor, defaultContactEmail } from './contact-email.ts';

describe('contact e-mail', () => {
  it('defaults to hello@ the host of the public URL', () => {
    expect(defaultContactEmail('https://meet.example.org')).toBe('hello@meet.example.org');
    expect(defaultContactEmail('http://127.0.0.1:3100')).toBe('hello@127.0.0.1');
    expect(defaultContactEmail('not a url')).toBe('hello@localhost');
  });

  it('uses the configured address from the root loader', () => {
    expect(
      contactEmailFor({
        publicUrl: 'https://x.example',
        viewer: null,
        oidc: null,
        contactEmail: 'team@x.example',
        consent: { mask: 30, defaultMask: 30, environment: 'production' },
      }),
    ).toBe('team@x.example');
    expect(contactEmailFor(null)).toBe('hello@localhost');
  });
});
