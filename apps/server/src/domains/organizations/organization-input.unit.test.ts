import { describe, expect, it } from 'vitest';
import {
  checkDomain,
  checkOrganizationName,
  checkOrganizationSlug,
  domainsOfAddress,
} from './organization-input.ts';

describe('organization input', () => {
  it('makes a slug from the name, with a letter in it so it never reads as an id', () => {
    expect(checkOrganizationSlug(null, 'Universität Zürich')).toEqual({
      ok: true,
      value: 'universitat-zurich',
    });
    expect(checkOrganizationSlug('Uni-Zh', 'x')).toEqual({ ok: true, value: 'uni-zh' });
    expect(checkOrganizationSlug('2024', 'x').ok).toBe(false);
    expect(checkOrganizationSlug('no spaces', 'x').ok).toBe(false);
  });

  it('wants a name of at most 120 characters', () => {
    expect(checkOrganizationName('  Acme   Hiking Club ')).toEqual({ ok: true, value: 'Acme Hiking Club' });
    expect(checkOrganizationName(' ').ok).toBe(false);
    expect(checkOrganizationName('x'.repeat(121)).ok).toBe(false);
  });

  it('reads domains with or without the @, and refuses what is not one', () => {
    expect(checkDomain('@Uni.Example')).toEqual({ ok: true, value: 'uni.example' });
    expect(checkDomain('localhost').ok).toBe(false);
    expect(checkDomain('10.0.0.1').ok).toBe(false);
    expect(checkDomain('-bad.example').ok).toBe(false);
    expect(checkDomain('a..example').ok).toBe(false);
  });

  it('lists the domains an address belongs to, subdomains first, never the top-level domain alone', () => {
    expect(domainsOfAddress('ana@cs.Uni.example')).toEqual(['cs.uni.example', 'uni.example']);
    expect(domainsOfAddress('ana@uni.example')).toEqual(['uni.example']);
    expect(domainsOfAddress('ana@localhost')).toEqual([]);
    expect(domainsOfAddress('no-at-sign')).toEqual([]);
  });
});
