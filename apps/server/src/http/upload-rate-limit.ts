import type { Response } from 'express';
import type { Platform } from '../graphql/context.ts';

/**
 * Counts one upload against the person's hourly allowance (`name` keeps pictures and chat media
 * apart). When it is used up, answers 429 RATE_LIMITED with Retry-After and returns false.
 */
export async function takeUploadAllowance(
  platform: Pick<Platform, 'rateLimits'>,
  res: Response,
  name: string,
  viewerId: number,
  perHour: number,
): Promise<boolean> {
  const limit = await platform.rateLimits.hit([
    { name, subject: String(viewerId), limit: perHour, windowSeconds: 3600 },
  ]);
  if (limit.allowed) return true;
  res.setHeader('Retry-After', String(limit.retryAfterSeconds));
  res.status(429).json({
    code: 'RATE_LIMITED',
    message: 'Too many uploads. Please wait a little and try again.',
    retryAfterSeconds: limit.retryAfterSeconds,
  });
  return false;
}
