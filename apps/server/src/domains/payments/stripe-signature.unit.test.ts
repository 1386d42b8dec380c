import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider.ts';
import { verifyStripeSignature } from './stripe-signature.ts';

const secret = 'whsec_unit';
const body = '{"id":"evt_1"}';
const sign = (t: number, payload = body, key = secret) =>
  createHmac('sha256', key).update(`${t}.${payload}`).digest('hex');

describe('verifyStripeSignature', () => {
  const now = 1_800_000_000;
  it('accepts Stripe’s scheme, also with a second (rolled) signature', () => {
    expect(() => verifyStripeSignature(body, `t=${now},v1=${sign(now)}`, secret, now)).not.toThrow();
    expect(() =>
      verifyStripeSignature(body, `t=${now},v1=${sign(now, body, 'old')},v1=${sign(now)}`, secret, now),
    ).not.toThrow();
  });

  it('refuses a missing header, another secret, another body, and a timestamp over 300 s away', () => {
    for (const [header, at] of [
      [undefined, now],
      [`t=${now},v1=${sign(now, body, 'other')}`, now],
      [`t=${now},v1=${sign(now, '{"id":"evt_2"}')}`, now],
      [`t=${now - 301},v1=${sign(now - 301)}`, now],
      [`v1=${sign(now)}`, now],
    ] as const) {
      expect(() => verifyStripeSignature(body, header, secret, at)).toThrow(WebhookSignatureError);
    }
    expect(() =>
      verifyStripeSignature(body, `t=${now - 300},v1=${sign(now - 300)}`, secret, now),
    ).not.toThrow();
  });
});
