import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** The cities of the place data set loaded by default: those with at least this many people. */
export const DEFAULT_CITIES_MIN_POPULATION = 1000;
/** A process's warm-up on PostgreSQL unless PLAZA_WARM_UP_SECONDS says otherwise (decision 0054). */
export const WARM_UP_SECONDS = 5;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PLAZA_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Plaza <hello@plaza.localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PLAZA_DEMO: booleanFlag.optional(),
  PLAZA_BLOCKED_COUNTRIES: z.string().default(''),
  PLAZA_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name, e.g. CF-IPCountry')
    .optional(),
  PLAZA_COMPLIANCE_MESSAGE: z.string().max(4000).default(''),
  PLAZA_COMPLIANCE_CONFIRM: z.string().max(200).optional(),
  PLAZA_COMPLIANCE_VERSION: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'up to 40 letters, digits, dots, hyphens or underscores, e.g. 2026-01')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONTACT_EMAIL: z.email().default('hello@plaza.localhost'),
  TRUST_PROXY: booleanFlag.default(false),
  PLAZA_DATABASE_NAMED_STATEMENTS: booleanFlag.default(true),
  PLAZA_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  PLAZA_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(128),
  PLAZA_WARM_UP_SECONDS: z.coerce.number().min(0).max(60).optional(),
  PLAZA_WS_SEND_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  AUTH_SECRET: z.string().min(32, 'use at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PLAZA_CITIES_MIN_POPULATION: z.coerce.number().int().min(0).default(DEFAULT_CITIES_MIN_POPULATION),
  PLAZA_PREVIEWS_ALLOW_LOOPBACK: booleanFlag.default(false),
  PLAZA_PREVIEWS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  PLAZA_PUSH_ALLOW_LOOPBACK: booleanFlag.default(false),
  PLAZA_ADMINS: z.string().default(''),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a region name, e.g. us-east-1 or auto')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  isDevelopment: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Statements prepared by name on each PostgreSQL connection (db/named-statements.ts). */
  databaseNamedStatements: boolean;
  /** Connections each process keeps to PostgreSQL at most; unset: defaultPoolSize() (db/client.ts). */
  databasePoolSize: number | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Fill an empty embedded store with the demo world on first start. */
  demo: boolean;
  blockedCountryCodes: string[];
  /**
   * Lower-cased name of the request header in which a proxy or CDN names the visitor's country
   * (two letters, e.g. CF-IPCountry); null when none is configured and the country is unknown.
   */
  countryHeader: string | null;
  /** The compliance message signed-in people are shown until they confirm it (decision 0019); null when none. */
  compliance: ComplianceConfig | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  contactEmail: string;
  /** Take the caller's address from X-Forwarded-For (set when Plaza runs behind a reverse proxy). */
  trustProxy: boolean;
  /** API requests answered at once; more are refused with 503 (http/load-shedding.ts); 0 is off. */
  maxConcurrentRequests: number;
  /**
   * Seconds a process reads the store's public pages of itself before it listens (warm-up.ts,
   * decision 0054): by default WARM_UP_SECONDS on PostgreSQL (processes behind a balancer), none on
   * the embedded store (one process, its start kept short).
   */
  warmUpSeconds: number;
  /**
   * Bytes a WebSocket may hold unsent before its subscriptions' events wait for them to leave (a
   * slow reader; http/graphql-ws.ts); below it, events are written without waiting.
   */
  wsSendBufferBytes: number;
  /** Signs session cookies and encrypts provider tokens; without it Plaza makes one and keeps it in the store. */
  authSecret: string | undefined;
  /** "Continue with" an OpenID Connect provider; null when not configured (the method is off). */
  oidc: OidcConfig | null;
  /** Card payments for paid groups (decision 0008); null when not configured (paid checkout is off). */
  stripe: StripeConfig | null;
  /** Cities of the place data set with at least this many people are loaded (decision 0010). */
  citiesMinPopulation: number;
  /** Link previews (getOpenGraph, decision 0013). */
  previews: PreviewsConfig;
  /** Web Push (decision 0014). */
  push: PushConfig;
  /**
   * Site administrators by configuration (PLAZA_ADMINS, decision 0018): lower-cased e-mail
   * addresses (matched only once verified) and usernames. They cannot be revoked in the app.
   */
  admins: AdminsConfig;
  /** Uploads in an S3-compatible bucket (S3_*); null keeps them in the data folder (one process only). */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  /** The service's base URL without the bucket, e.g. https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  /** The region requests are signed for (AWS Signature Version 4). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
}

export interface AdminsConfig {
  emails: string[];
  usernames: string[];
}

export interface ComplianceConfig {
  message: string;
  /** What the person confirms (the button's words); null when the message only informs. */
  confirmMessage: string | null;
  /**
   * PLAZA_COMPLIANCE_VERSION, or else a digest of the two texts: a changed text is asked again,
   * and an explicit version lets a typo be fixed without asking everyone again.
   */
  version: string;
}

export interface PushConfig {
  /**
   * Push endpoints on a loopback address (http or https) are accepted and posted to: only with
   * NODE_ENV=test, for a local stand-in push service. Every other private address stays refused.
   */
  allowLoopback: boolean;
}

export interface PreviewsConfig {
  /** Loopback addresses may be fetched: only with NODE_ENV=test, for a local stand-in web page. */
  allowLoopback: boolean;
  /** Time limit of one page fetch, redirects included. */
  timeoutMs: number;
}

export interface StripeConfig {
  /** https://api.stripe.com, or a stand-in speaking the same API in tests. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Label of the sign-in button, e.g. "Continue with Acme ID". */
  name: string;
}

const ADMIN_USERNAME = /^[a-z0-9._-]{1,30}$/i;

/** PLAZA_ADMINS: e-mail addresses and usernames (with or without a leading @), separated by commas or spaces. */
function parseAdmins(value: string): AdminsConfig | string {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const isEmail = (entry: string) => entry.indexOf('@') > 0;
  const bad = entries.filter((entry) =>
    isEmail(entry) ? !z.email().safeParse(entry).success : !ADMIN_USERNAME.test(entry.replace(/^@/, '')),
  );
  if (bad.length > 0) return `not an e-mail address or a username: ${bad.join(', ')}`;
  return {
    emails: [...new Set(entries.filter(isEmail))],
    usernames: [
      ...new Set(entries.filter((entry) => !isEmail(entry)).map((entry) => entry.replace(/^@/, ''))),
    ],
  };
}

export class ConfigError extends Error {}

/** Parses every environment variable Plaza reads, once, and fails with all problems listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const oidcSet = OIDC_REQUIRED.filter((name) => e[name] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < OIDC_REQUIRED.length) {
    const missing = OIDC_REQUIRED.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid environment:\n${missing.map((name) => `  ${name}: required when ${oidcSet.join(', ')} is set`).join('\n')}`,
    );
  }
  const stripeSet = STRIPE_REQUIRED.filter((name) => e[name] !== undefined);
  if (stripeSet.length === 1) {
    const missing = STRIPE_REQUIRED.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid environment:\n${missing.map((name) => `  ${name}: required when ${stripeSet.join(', ')} is set`).join('\n')}`,
    );
  }
  if (e.PLAZA_PREVIEWS_ALLOW_LOOPBACK && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid environment:\n  PLAZA_PREVIEWS_ALLOW_LOOPBACK: only allowed with NODE_ENV=test (it lets link previews reach this machine)',
    );
  }
  if (e.PLAZA_PUSH_ALLOW_LOOPBACK && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid environment:\n  PLAZA_PUSH_ALLOW_LOOPBACK: only allowed with NODE_ENV=test (it lets push messages reach this machine)',
    );
  }
  const complianceMessage = e.PLAZA_COMPLIANCE_MESSAGE.trim();
  const complianceConfirm = e.PLAZA_COMPLIANCE_CONFIRM?.trim() || null;
  if (complianceConfirm && !complianceMessage) {
    throw new ConfigError(
      'Invalid environment:\n  PLAZA_COMPLIANCE_CONFIRM: set PLAZA_COMPLIANCE_MESSAGE too (the text to confirm)',
    );
  }
  const s3Set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => e[name] !== undefined);
  if (s3Set.length > 0) {
    const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid environment:\n${missing.map((name) => `  ${name}: required when ${s3Set.join(', ')} is set`).join('\n')}`,
      );
    }
  }
  const admins = parseAdmins(e.PLAZA_ADMINS);
  if (typeof admins === 'string') throw new ConfigError(`Invalid environment:\n  PLAZA_ADMINS: ${admins}`);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    isDevelopment: e.NODE_ENV === 'development',
    port,
    host: e.HOST,
    dataDir: path.resolve(e.PLAZA_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseNamedStatements: e.PLAZA_DATABASE_NAMED_STATEMENTS,
    databasePoolSize: e.PLAZA_DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    demo: e.PLAZA_DEMO ?? !e.DATABASE_URL,
    blockedCountryCodes: e.PLAZA_BLOCKED_COUNTRIES.split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => /^[A-Z]{2}$/.test(code)),
    countryHeader: e.PLAZA_COUNTRY_HEADER?.toLowerCase() ?? null,
    compliance: complianceMessage
      ? {
          message: complianceMessage,
          confirmMessage: complianceConfirm,
          version:
            e.PLAZA_COMPLIANCE_VERSION ??
            createHash('sha256')
              .update(`${complianceMessage}\u0000${complianceConfirm ?? ''}`)
              .digest('hex')
              .slice(0, 12),
        }
      : null,
    logLevel: e.LOG_LEVEL,
    contactEmail: e.CONTACT_EMAIL,
    trustProxy: e.TRUST_PROXY,
    maxConcurrentRequests: e.PLAZA_MAX_CONCURRENT_REQUESTS,
    warmUpSeconds: e.PLAZA_WARM_UP_SECONDS ?? (e.DATABASE_URL ? WARM_UP_SECONDS : 0),
    wsSendBufferBytes: e.PLAZA_WS_SEND_BUFFER_BYTES,
    authSecret: e.AUTH_SECRET,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME ?? `Continue with ${new URL(e.OIDC_ISSUER).hostname}`,
          }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    citiesMinPopulation: e.PLAZA_CITIES_MIN_POPULATION,
    previews: { allowLoopback: e.PLAZA_PREVIEWS_ALLOW_LOOPBACK, timeoutMs: e.PLAZA_PREVIEWS_TIMEOUT_MS },
    push: { allowLoopback: e.PLAZA_PUSH_ALLOW_LOOPBACK },
    admins,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION ?? 'us-east-1'}.amazonaws.com`).replace(
              /\/+$/,
              '',
            ),
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
  };
}
