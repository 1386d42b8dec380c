import { recurrenceUnit } from '@plaza/core/recurrence';
import type { StripeConfig } from '../../config.ts';
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent } from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { verifyStripeSignature } from './stripe-signature.ts';

export class StripeApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface StripeSession {
  id: string;
  url?: string | null;
  payment_status?: string;
  status?: string;
  subscription?: string | { id: string } | null;
}

function toSession(session: StripeSession): CheckoutSession {
  const subscription = session.subscription;
  return {
    id: session.id,
    url: session.url ?? null,
    isPaid: session.payment_status === 'paid' && session.status === 'complete',
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
  };
}

/**
 * Stripe over its HTTP API (form-encoded requests, JSON answers) at a configurable base URL, so
 * tests can point it at a local stand-in. No SDK: the four calls Plaza needs are small.
 */
export function createStripeProvider(config: StripeConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    form?: URLSearchParams,
  ): Promise<T> {
    const response = await fetchImpl(`${config.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok)
      throw new StripeApiError(response.status, body?.error?.message ?? `Stripe answered ${response.status}`);
    return body as T;
  }

  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const form = new URLSearchParams({
        mode: request.recurrence ? 'subscription' : 'payment',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: `${request.groupId}:${request.userId}`,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency,
        'line_items[0][price_data][unit_amount]': String(request.amountCents),
        'line_items[0][price_data][product_data][name]': request.title,
        'metadata[group_id]': String(request.groupId),
        'metadata[user_id]': String(request.userId),
      });
      if (request.recurrence)
        form.set('line_items[0][price_data][recurring][interval]', recurrenceUnit(request.recurrence));
      if (request.customerEmail) form.set('customer_email', request.customerEmail);
      return toSession(await call<StripeSession>('POST', '/v1/checkout/sessions', form));
    },
    async getCheckout(id) {
      return toSession(await call<StripeSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`));
    },
    async cancelSubscription(id) {
      await call('DELETE', `/v1/subscriptions/${encodeURIComponent(id)}`);
    },
    verifyWebhook(rawBody, signature, nowSeconds): ProviderEvent {
      verifyStripeSignature(rawBody, signature, config.webhookSecret, nowSeconds);
      let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookSignatureError('The webhook body is not JSON.');
      }
      if (
        typeof event.id !== 'string' ||
        typeof event.type !== 'string' ||
        typeof event.data?.object !== 'object'
      )
        throw new WebhookSignatureError('The webhook is not a Stripe event.');
      return { id: event.id, type: event.type, object: event.data.object as Record<string, unknown> };
    },
  };
}
