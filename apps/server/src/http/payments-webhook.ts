import express, { type Express } from 'express';
import { handlePaymentEvent } from '../domains/payments/handle-payment-event.ts';
import { WebhookSignatureError } from '../domains/payments/payment-provider.ts';
import { paymentProviderFor } from '../domains/payments/payment-provider-for.ts';
import type { Platform } from '../graphql/context.ts';

/**
 * POST /api/payments/stripe/webhook: the provider's signed events (decision 0008). The raw body is
 * kept for the signature; an unsigned, badly signed or stale event is refused with 400 and changes
 * nothing. Mounted before /api's catch-all.
 */
export function mountPaymentsWebhook(app: Express, platform: Platform): void {
  app.post(
    '/api/payments/stripe/webhook',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res, next) => {
      const provider = paymentProviderFor(platform.config);
      if (!provider) {
        res.status(404).json({ code: 'NOT_FOUND', message: 'Payments are not configured.' });
        return;
      }
      try {
        const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const event = provider.verifyWebhook(raw, req.get('stripe-signature'));
        const outcome = await handlePaymentEvent(platform, provider, event);
        res.json({ received: true, outcome });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          res.status(400).json({ code: 'BAD_USER_INPUT', message: error.message });
          return;
        }
        next(error);
      }
    },
  );
}
