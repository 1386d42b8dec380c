import { randomBytes } from 'node:crypto';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, emailOTP, genericOAuth, phoneNumber } from 'better-auth/plugins';
import { normalizePhone } from '@plaza/core/phone';
import { checkBirthday, checkFirstName, checkLastName } from '@plaza/core/profile';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_TTL_SECONDS,
} from '@plaza/core/one-time-code';
import type { Config } from '../../config.ts';
import type { Store } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { newKey } from '../../ids.ts';
import type { Logger } from '../../logger.ts';
import type { Mail } from '../../platform/mail/mail.ts';
import type { RateLimits } from '../../platform/rate-limits/rate-limits.ts';
import type { Sms } from '../../platform/sms/sms.ts';
import { isSuspended, suspendedSignInMessage } from '../moderation/suspend-account.ts';
import { OIDC_BASE_SCOPES, createOidcScopeLookup } from './oidc-scopes.ts';
import { CLIENT_IP_HEADER, plazaAuthPlugin } from './plaza-auth-plugin.ts';
import { scrubSecrets } from './scrub-secrets.ts';
import { refuseSignUpFromBlockedCountry } from './sign-up-country.ts';
import { COOKIE_SESSION_SECONDS, COOKIE_SESSION_UPDATE_AGE_SECONDS } from './session-lifetimes.ts';
import { signInCodeMail, signInCodeText } from './sign-in-messages.ts';

export const OIDC_PROVIDER_ID = 'oidc';

/** better-auth needs an address for every person; people who sign up by phone get one of these, dropped before saving. */
const PHONE_ONLY_EMAIL_DOMAIN = 'phone-only.plaza.invalid';

/** Every better-auth endpoint Plaza does not use is switched off (passwords, account linking, …). */
const DISABLED_PATHS = [
  '/account-info',
  '/change-email',
  '/change-password',
  '/delete-user',
  '/delete-user/callback',
  '/email-otp/change-email',
  '/email-otp/check-verification-otp',
  '/email-otp/request-email-change',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/email-otp/verify-email',
  '/forget-password/email-otp',
  '/get-access-token',
  '/link-social',
  '/list-accounts',
  '/list-sessions',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
  '/refresh-token',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/:token',
  '/revoke-other-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/send-verification-email',
  '/sign-in/email',
  '/sign-in/phone-number',
  '/sign-up/email',
  '/unlink-account',
  '/update-session',
  '/update-user',
  '/verify-email',
  '/verify-password',
];

export interface AuthDependencies {
  config: Config;
  logger: Logger;
  store: Store;
  mail: Mail;
  sms: Sms;
  rateLimits: RateLimits;
  secret: string;
}

/** A temporary username until the person picks theirs while onboarding. */
function provisionalUsername(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `user_${[...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The names of this machine's loopback interface, as a URL's hostname gives them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Web pages of these origins may use the session cookie: Plaza's public address's. When that is a
 * loopback address (`npm start`'s default, http://localhost:3000), the other names of the same
 * address and port too: only this server answers there, and someone who opened
 * http://127.0.0.1:3000 could not sign in before.
 */
export function trustedOriginsOf(config: Config): string[] {
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin]);
  if (LOOPBACK_HOSTS.includes(publicUrl.hostname)) {
    const port = publicUrl.port ? `:${publicUrl.port}` : '';
    for (const host of LOOPBACK_HOSTS) origins.add(`${publicUrl.protocol}//${host}${port}`);
  }
  if (config.isDevelopment) {
    origins.add(`http://localhost:${config.port}`);
    origins.add(`http://127.0.0.1:${config.port}`);
  }
  return [...origins];
}

function betterAuthLevel(level: string): 'debug' | 'info' | 'warn' | 'error' {
  if (level === 'debug' || level === 'trace') return 'debug';
  if (level === 'info') return 'info';
  if (level === 'warn') return 'warn';
  return 'error';
}

function providerName(value: unknown): string {
  if (typeof value !== 'string') return '';
  const first = checkFirstName(value);
  return first.valid ? first.value : '';
}

/** better-auth on Plaza's store: our `users` table is its user model (docs/decisions/0005-accounts.md). */
export function createBetterAuth(deps: AuthDependencies) {
  const { config, logger, store, mail, sms, rateLimits, secret } = deps;
  const oidc = config.oidc;
  const extraOidcScopes = oidc
    ? createOidcScopeLookup(`${oidc.issuer}/.well-known/openid-configuration`, (error) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'OpenID discovery failed',
        ),
      )
    : async () => [];

  return betterAuth({
    appName: 'Plaza',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(store.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    telemetry: { enabled: false },
    logger: {
      level: betterAuthLevel(config.logLevel),
      log(level, message, ...args) {
        // Only error names and messages are kept: other arguments can carry codes and tokens.
        const errors = args
          .filter((arg): arg is Error => arg instanceof Error)
          .map((error) => scrubSecrets(`${error.name}: ${error.message}`));
        logger[level]({ source: 'better-auth', errors }, scrubSecrets(message));
      },
    },
    trustedOrigins: trustedOriginsOf(config),
    // Plaza counts its own limits in the store (plaza-auth-plugin.ts), shared by every process.
    rateLimit: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    user: {
      modelName: 'users',
      fields: { name: 'first' },
      additionalFields: {
        key: { type: 'string', required: true, input: false, defaultValue: () => newKey() },
        username: { type: 'string', required: true, input: false, defaultValue: () => provisionalUsername() },
        // Read from the provider's profile (input: true lets better-auth take them from it); the
        // create hook below drops them unless the person comes from the provider.
        last: { type: 'string', required: false, input: true, defaultValue: '' },
        birthday: { type: 'string', required: false, input: true },
        onboardedAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: COOKIE_SESSION_SECONDS,
      updateAge: COOKIE_SESSION_UPDATE_AGE_SECONDS,
      additionalFields: {
        strategy: { type: 'string', required: false, input: false, defaultValue: 'cookie' },
        refreshFamily: { type: 'string', required: false, input: false, returned: false },
      },
    },
    account: {
      modelName: 'accounts',
      encryptOAuthTokens: true,
      accountLinking: { enabled: true },
    },
    verification: { modelName: 'verifications' },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            refuseSignUpFromBlockedCountry(config, ctx?.request?.headers ?? ctx?.headers);
            const fromProvider = (ctx?.path ?? '').startsWith('/callback');
            const extra = user as typeof user & { last?: unknown; birthday?: unknown };
            const email = user.email?.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`) ? null : user.email;
            const birthday =
              fromProvider && typeof extra.birthday === 'string' ? checkBirthday(extra.birthday) : null;
            return {
              data: {
                ...user,
                email: email as string,
                emailVerified: email ? user.emailVerified : false,
                // Names come only from the provider; everyone picks a photo while onboarding.
                name: fromProvider ? providerName(user.name) : '',
                last:
                  fromProvider && typeof extra.last === 'string'
                    ? ((checkLastName(extra.last) as { value?: string }).value ?? '')
                    : '',
                birthday: birthday?.valid ? birthday.value : null,
                image: null,
              },
            };
          },
        },
      },
      session: {
        create: {
          // A suspended account (decision 0018) cannot sign in, whatever the method.
          async before(session) {
            if (await isSuspended(store.db, Number(session.userId))) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: suspendedSignInMessage(config.contactEmail),
              });
            }
          },
        },
      },
    },
    advanced: {
      database: { generateId: 'serial' },
      cookiePrefix: 'plaza',
      // No __Secure- prefix, so the cookie name is the same in development; Secure is set below.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: !config.isDevelopment, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      bearer(),
      emailOTP({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: ONE_TIME_CODE_TTL_SECONDS,
        allowedAttempts: ONE_TIME_CODE_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== 'sign-in') return;
          await mail.send(signInCodeMail(email, otp, config.publicUrl));
        },
      }),
      phoneNumber({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: ONE_TIME_CODE_TTL_SECONDS,
        allowedAttempts: ONE_TIME_CODE_MAX_ATTEMPTS,
        phoneNumberValidator: (phone) => normalizePhone(phone)?.e164 === phone,
        async sendOTP({ phoneNumber: to, code }) {
          await sms.send({ to, text: signInCodeText(code) });
        },
        signUpOnVerification: {
          getTempEmail: (phone) => `${phone.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`,
          getTempName: () => '',
        },
        schema: { user: { fields: { phoneNumber: 'phone', phoneNumberVerified: 'phoneVerified' } } },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: [...OIDC_BASE_SCOPES],
                  pkce: true,
                  mapProfileToUser: (profile: Record<string, unknown>) => {
                    const name = typeof profile.name === 'string' ? profile.name.trim() : '';
                    return {
                      name: typeof profile.given_name === 'string' ? profile.given_name : name.split(' ')[0],
                      last:
                        typeof profile.family_name === 'string'
                          ? profile.family_name
                          : name.split(' ').slice(1).join(' '),
                      birthday: profile.birthdate,
                      image: undefined,
                    };
                  },
                },
              ],
            }),
          ]
        : []),
      plazaAuthPlugin({ config, db: store.db, rateLimits, extraOidcScopes }),
    ],
  });
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;
