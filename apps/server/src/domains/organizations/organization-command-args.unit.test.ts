import { describe, expect, it } from 'vitest';
import { parseOrganizationCommand } from './organization-command-args.ts';

describe('the organization commands', () => {
  it('read org:create with repeated domains and admins', () => {
    expect(
      parseOrganizationCommand([
        'create',
        '--name',
        'Uni Example',
        '--domain',
        'uni.example',
        '--domain',
        'alumni.uni.example',
        '--admin',
        'ana@uni.example',
      ]),
    ).toEqual({
      kind: 'create',
      name: 'Uni Example',
      slug: null,
      domains: ['uni.example', 'alumni.uni.example'],
      image: null,
      admins: ['ana@uni.example'],
    });
  });

  it('read org:admin', () => {
    expect(parseOrganizationCommand(['admin', '--org', 'uni', '--person', 'ana', '--person', 'ben'])).toEqual(
      {
        kind: 'admin',
        organization: 'uni',
        people: ['ana', 'ben'],
      },
    );
  });

  it('explain what is missing or unknown instead of guessing', () => {
    expect(parseOrganizationCommand(['create', '--domain', 'x.example'])).toEqual({
      kind: 'help',
      problem: '--name is required.',
    });
    expect(parseOrganizationCommand(['admin', '--org', 'uni'])).toMatchObject({ kind: 'help' });
    expect(parseOrganizationCommand(['create', '--name', 'X', '--colour', 'red']).kind).toBe('help');
    expect(parseOrganizationCommand(['rename'])).toEqual({
      kind: 'help',
      problem: 'Unknown command "rename".',
    });
  });
});
