import type { RecurrenceFrequency } from '@plaza/core/recurrence';

/** What a checkout sells: access to one group for one person. */
export interface CheckoutRequest {
  groupId: number;
  userId: number;
  title: string;
  amountCents: number;
  currency: string;
  /** Null for a one-time payment. */
  recurrence: RecurrenceFrequency | null;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
}

export interface CheckoutSession {
  id: string;
  /** Where to send the buyer (the provider's hosted page). */
  url: string | null;
  /** The provider confirms the money arrived. */
  isPaid: boolean;
  subscriptionId: string | null;
}

/** A verified event from the provider. */
export interface ProviderEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {}

/** A card payment provider (decision 0008): Stripe today, others behind the same four calls. */
export interface PaymentProvider {
  name: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  getCheckout(id: string): Promise<CheckoutSession>;
  cancelSubscription(id: string): Promise<void>;
  /** Checks the signature of a webhook's raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds?: number): ProviderEvent;
}
