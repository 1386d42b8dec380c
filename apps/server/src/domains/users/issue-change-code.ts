import { randomInt } from 'node:crypto';
import { ONE_TIME_CODE_TTL_SECONDS } from '@plaza/core/one-time-code';
import { profileChangeCodes, type ProfileChangePurpose } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { rateLimited } from '../../graphql/errors.ts';
import { codeRequestRules } from '../auth/auth-limits.ts';
import { hashChangeCode } from './change-code-hash.ts';

export interface ChangeCodeRequest {
  userId: number;
  purpose: ProfileChangePurpose;
  /** Where the code goes: `email:<address>` or `phone:<E.164>`, also the rate-limit subject. */
  destination: { kind: 'email' | 'phone'; address: string };
  /** What the code confirms: the new address or number, or where a privacy code went. */
  target: string;
  payload?: Record<string, unknown>;
}

const PER_USER_PER_HOUR = 5;

/**
 * Makes a six-digit code (100000-999999, so it also reads as an Int) for a pending change and
 * keeps its HMAC, replacing any earlier code of the same purpose. Rate-limited per person, per
 * destination and per IP, like sign-in codes.
 */
export async function issueChangeCode(context: RequestContext, request: ChangeCodeRequest): Promise<string> {
  const limit = await context.rateLimits.hit([
    {
      name: `change-code:${request.purpose}`,
      subject: String(request.userId),
      limit: PER_USER_PER_HOUR,
      windowSeconds: 3600,
    },
    ...codeRequestRules(`${request.destination.kind}:${request.destination.address}`, context.ip),
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  const code = String(randomInt(100_000, 1_000_000));
  const values = {
    userId: request.userId,
    purpose: request.purpose,
    target: request.target,
    payload: request.payload ?? {},
    codeHash: hashChangeCode(context.auth.secret, request.userId, request.purpose, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_SECONDS * 1000),
    createdAt: new Date(),
  };
  await context.store.db
    .insert(profileChangeCodes)
    .values(values)
    .onConflictDoUpdate({ target: [profileChangeCodes.userId, profileChangeCodes.purpose], set: values });
  return code;
}
