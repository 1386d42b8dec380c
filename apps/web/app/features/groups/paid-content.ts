import type { RouterContextProvider } from 'react-router';
import { plazaContext } from '../../context.ts';

export interface PaidContentCheck {
  canCreatePaidEntities: boolean;
  message: string;
  action: 'SIGN_IN' | 'VERIFY_ACCOUNT' | 'VERIFY_EMAIL' | null;
}

/** The server's paid-content check (spec 3, decision 0008) for the visitor of this request. */
export async function loadPaidContentCheck(
  context: Readonly<RouterContextProvider>,
): Promise<PaidContentCheck> {
  const result = await context
    .get(plazaContext)
    .graphql<{ canCreatePaidContent: PaidContentCheck }>(
      'query Paid { canCreatePaidContent { canCreatePaidEntities message action } }',
    );
  return (
    result.data?.canCreatePaidContent ?? {
      canCreatePaidEntities: false,
      message: 'We could not check whether you can sell memberships. Please try again.',
      action: null,
    }
  );
}

/** A price as people read it: "$12.50 a month", "$30 once". */
export function priceLabel(payment: { price: number; recurrence: string | null }): string {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(payment.price) ? 0 : 2,
  }).format(payment.price);
  const every: Record<string, string> = {
    DAILY: 'a day',
    WEEKLY: 'a week',
    MONTHLY: 'a month',
    YEARLY: 'a year',
  };
  return `${amount} ${payment.recurrence ? (every[payment.recurrence] ?? '') : 'once'}`.trim();
}
