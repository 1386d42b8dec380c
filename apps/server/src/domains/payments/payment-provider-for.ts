import type { Config } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

const providers = new WeakMap<Config, PaymentProvider | null>();

/** The server's payment provider, or null when none is configured (paid checkout is off). */
export function paymentProviderFor(config: Config): PaymentProvider | null {
  if (!providers.has(config))
    providers.set(config, config.stripe ? createStripeProvider(config.stripe) : null);
  return providers.get(config) ?? null;
}
