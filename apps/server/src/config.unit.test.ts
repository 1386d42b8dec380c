import { describe, expect, it } from 'vitest';
import { ConfigError, WARM_UP_SECONDS, loadConfig } from './config.ts';

describe('the OpenID Connect settings', () => {
  it('are off when none is set', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('turn the provider on when issuer, client id and secret are set, with a default button label', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.org/',
      OIDC_CLIENT_ID: 'plaza',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'plaza',
      clientSecret: 'secret',
      name: 'Continue with id.example.org',
    });
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://id.example.org',
        OIDC_CLIENT_ID: 'p',
        OIDC_CLIENT_SECRET: 's',
        OIDC_NAME: 'Acme ID',
      }).oidc?.name,
    ).toBe('Acme ID');
  });

  it('stop the server when only some are set, naming the missing ones', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org' })).toThrow(
      /OIDC_CLIENT_ID.*\n.*OIDC_CLIENT_SECRET/,
    );
  });

  it('refuse an issuer that is not an http(s) URL and a short AUTH_SECRET', () => {
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'ftp://id.example.org', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's' }),
    ).toThrow(/OIDC_ISSUER/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});

describe('the link preview settings', () => {
  it('never let previews reach loopback addresses outside tests', () => {
    expect(loadConfig({}).previews).toEqual({ allowLoopback: false, timeoutMs: 5000 });
    expect(loadConfig({ NODE_ENV: 'test', PLAZA_PREVIEWS_ALLOW_LOOPBACK: '1' }).previews.allowLoopback).toBe(
      true,
    );
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, PLAZA_PREVIEWS_ALLOW_LOOPBACK: '1' })).toThrow(
        /PLAZA_PREVIEWS_ALLOW_LOOPBACK: only allowed with NODE_ENV=test/,
      );
    }
  });
});

describe('PLAZA_ADMINS', () => {
  it('is empty by default', () => {
    expect(loadConfig({}).admins).toEqual({ emails: [], usernames: [] });
  });

  it('reads e-mail addresses and usernames, lower-cased, separated by commas or spaces', () => {
    expect(loadConfig({ PLAZA_ADMINS: 'Ana@Example.org, @Ben  carla,ana@example.org' }).admins).toEqual({
      emails: ['ana@example.org'],
      usernames: ['ben', 'carla'],
    });
  });

  it('stops the server on an entry that is neither, naming it', () => {
    expect(() => loadConfig({ PLAZA_ADMINS: 'ana@example.org, not@valid@x, b/c' })).toThrow(
      /PLAZA_ADMINS: not an e-mail address or a username: not@valid@x, b\/c/,
    );
  });
});

describe('the compliance message settings', () => {
  it('are off without a message', () => {
    expect(loadConfig({}).compliance).toBeNull();
    expect(loadConfig({ PLAZA_COMPLIANCE_MESSAGE: '   ' }).compliance).toBeNull();
  });

  it('ask for a confirmation only when its words are set, versioned by the texts unless a version is given', () => {
    const informs = loadConfig({ PLAZA_COMPLIANCE_MESSAGE: 'We moved.' }).compliance!;
    expect(informs).toMatchObject({ message: 'We moved.', confirmMessage: null });
    expect(informs.version).toMatch(/^[0-9a-f]{12}$/);
    expect(loadConfig({ PLAZA_COMPLIANCE_MESSAGE: 'We moved.' }).compliance!.version).toBe(informs.version);
    const asks = loadConfig({
      PLAZA_COMPLIANCE_MESSAGE: 'We moved.',
      PLAZA_COMPLIANCE_CONFIRM: 'OK',
    }).compliance!;
    expect(asks.confirmMessage).toBe('OK');
    expect(asks.version).not.toBe(informs.version);
    expect(
      loadConfig({ PLAZA_COMPLIANCE_MESSAGE: 'We moved!', PLAZA_COMPLIANCE_VERSION: '2026-01' }).compliance!
        .version,
    ).toBe('2026-01');
  });

  it('stop the server on words to confirm without a message, or a version that is not a short name', () => {
    expect(() => loadConfig({ PLAZA_COMPLIANCE_CONFIRM: 'I agree' })).toThrow(/PLAZA_COMPLIANCE_CONFIRM/);
    expect(() =>
      loadConfig({ PLAZA_COMPLIANCE_MESSAGE: 'x', PLAZA_COMPLIANCE_VERSION: 'two words' }),
    ).toThrow(/PLAZA_COMPLIANCE_VERSION/);
  });
});

describe('the S3 settings', () => {
  const keys = { S3_BUCKET: 'plaza-media', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

  it('are off when none is set (uploads stay in the data folder)', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('turn the bucket on with its keys, on AWS in us-east-1 by default, addressed by host name', () => {
    expect(loadConfig(keys).s3).toEqual({
      bucket: 'plaza-media',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...keys, S3_REGION: 'eu-west-3' }).s3?.endpoint).toBe(
      'https://s3.eu-west-3.amazonaws.com',
    );
    expect(
      loadConfig({
        ...keys,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true });
  });

  it('stop the server when a bucket, endpoint or region is set without the keys, naming the missing ones', () => {
    expect(() => loadConfig({ S3_BUCKET: 'plaza-media' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'plaza-media' })).toThrow(
      /S3_ACCESS_KEY_ID: required when S3_BUCKET is set\n.*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.org' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
  });

  it('refuse a bucket that is not a bucket name, an endpoint that is not http(s) and a bad flag', () => {
    expect(() => loadConfig({ ...keys, S3_BUCKET: 'Plaza_Media' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ ...keys, S3_ENDPOINT: 'ftp://s3.example.org' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...keys, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('PLAZA_MAX_CONCURRENT_REQUESTS', () => {
  it('takes 128 API requests at once by default, a whole number given, and 0 for no limit', () => {
    expect(loadConfig({}).maxConcurrentRequests).toBe(128);
    expect(loadConfig({ PLAZA_MAX_CONCURRENT_REQUESTS: '40' }).maxConcurrentRequests).toBe(40);
    expect(loadConfig({ PLAZA_MAX_CONCURRENT_REQUESTS: '0' }).maxConcurrentRequests).toBe(0);
  });

  it('stops the server on anything else, naming the setting', () => {
    for (const value of ['-1', '2.5', 'many'])
      expect(() => loadConfig({ PLAZA_MAX_CONCURRENT_REQUESTS: value })).toThrow(
        /PLAZA_MAX_CONCURRENT_REQUESTS/,
      );
  });
});

describe('PLAZA_WARM_UP_SECONDS', () => {
  it('warms a process on PostgreSQL for WARM_UP_SECONDS by default, none on the embedded store, and as set', () => {
    expect(loadConfig({}).warmUpSeconds).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/plaza' }).warmUpSeconds).toBe(WARM_UP_SECONDS);
    expect(WARM_UP_SECONDS).toBeGreaterThan(0);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/plaza', PLAZA_WARM_UP_SECONDS: '0' }).warmUpSeconds,
    ).toBe(0);
    expect(loadConfig({ PLAZA_WARM_UP_SECONDS: '2.5' }).warmUpSeconds).toBe(2.5);
  });

  it('stops the server on anything else, naming the setting', () => {
    for (const value of ['-1', '61', 'soon'])
      expect(() => loadConfig({ PLAZA_WARM_UP_SECONDS: value })).toThrow(/PLAZA_WARM_UP_SECONDS/);
  });
});

describe('PLAZA_DATABASE_POOL_SIZE', () => {
  it('is unset by default (the store picks it: database-pool.test.ts) and read when set', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ PLAZA_DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('stops the server on a size that is not a whole number from 1 to 1000', () => {
    for (const value of ['0', '-3', '2.5', 'many', '1001'])
      expect(() => loadConfig({ PLAZA_DATABASE_POOL_SIZE: value })).toThrow(/PLAZA_DATABASE_POOL_SIZE/);
  });
});
