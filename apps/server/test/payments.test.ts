import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup } from './support/factories.ts';
import { newPerson, type Person } from './support/people.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';

const codeOf = (res: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  res.errors?.[0]?.extensions?.code;

describe('without a payment provider', () => {
  let t: TestPlaza;
  beforeAll(async () => {
    t = await startTestPlaza({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('explains why paid content is off, and paid checkout answers a clear error', async () => {
    const creator = await newPerson(t, 'Cora', { isVerified: true });
    const check = await t.gql<{ canCreatePaidContent: Record<string, unknown> }>(
      '{ canCreatePaidContent { canCreatePaidEntities message action } }',
      {},
      creator.headers,
    );
    expect(check.data?.canCreatePaidContent).toEqual({
      canCreatePaidEntities: false,
      message: 'Paid groups are not available on this server: no payment provider is configured.',
      action: null,
    });
    const buyer = await newPerson(t, 'Bert');
    const { group } = await buildGroup(t.plaza.platform.store.db, creator.userId, [], {
      isPublic: true,
      priceCents: 500,
      priceRecurrence: 'MONTHLY',
    });
    const checkout = await t.gql(
      'mutation ($id: ID!) { startGroupCheckout(id: $id) { url } }',
      { id: group.id },
      buyer.headers,
    );
    expect(codeOf(checkout)).toBe('CONFLICT');
    expect(checkout.errors?.[0]?.message).toMatch(/no payment provider is configured/);
    const webhook = await fetch(`${await t.url()}/api/payments/stripe/webhook`, {
      method: 'POST',
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });
});

describe('with Stripe (a local stand-in speaking its API)', () => {
  let t: TestPlaza;
  let stripe: StripeStandIn;
  let creator: Person;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await startTestPlaza({
      TRUST_PROXY: '1',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    });
    creator = await newPerson(t, 'Carl', { isVerified: true });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const db = () => t.plaza.platform.store.db;

  async function postEvent(payload: string, signature?: string) {
    const response = await fetch(`${await t.url()}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as { outcome?: string } };
  }

  async function statusIn(person: Person, groupId: number) {
    const res = await t.gql<{ group: { viewerStatus: string | null; permissions: { checkout: boolean } } }>(
      'query ($id: ID) { group(id: $id) { viewerStatus permissions { checkout } } }',
      { id: groupId },
      person.headers,
    );
    return res.data!.group;
  }

  async function paidGroup(recurrence: string | null) {
    const res = await t.gql<{
      createGroup: { id: number; payment: { price: number; recurrence: string | null } };
    }>(
      'mutation ($g: GroupInput!) { createGroup(group: $g) { id payment { price recurrence } } }',
      { g: { title: 'Masterclass', isPublic: true, payment: { price: 12.5, recurrence } } },
      creator.headers,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createGroup;
  }

  it('lets a verified creator with a confirmed address create paid groups; others learn why not', async () => {
    const check = async (person: Person | null) =>
      (
        await t.gql<{ canCreatePaidContent: { canCreatePaidEntities: boolean; action: string | null } }>(
          '{ canCreatePaidContent { canCreatePaidEntities message action } }',
          {},
          person?.headers ?? {},
        )
      ).data!.canCreatePaidContent;
    expect(await check(creator)).toMatchObject({ canCreatePaidEntities: true, action: null });
    expect(await check(await newPerson(t, 'Nov'))).toMatchObject({
      canCreatePaidEntities: false,
      action: 'VERIFY_ACCOUNT',
    });
    expect(await check(null)).toMatchObject({ canCreatePaidEntities: false, action: 'SIGN_IN' });
    const group = await paidGroup('MONTHLY');
    expect(group.payment).toEqual({ price: 12.5, recurrence: 'MONTHLY' });
  });

  it('grants access only when the provider confirms payment, once, and ends it on cancel', async () => {
    const group = await paidGroup('MONTHLY');
    const buyer = await newPerson(t, 'Bea');
    const join = await t.gql(
      'mutation ($id: ID!) { joinGroup(id: $id) { id } }',
      { id: group.id },
      buyer.headers,
    );
    expect(codeOf(join)).toBe('FORBIDDEN');
    expect(await statusIn(buyer, group.id)).toEqual({ viewerStatus: null, permissions: { checkout: true } });

    const started = await t.gql<{ startGroupCheckout: { url: string; checkoutId: string } }>(
      'mutation ($id: ID!) { startGroupCheckout(id: $id) { url checkoutId } }',
      { id: group.id },
      buyer.headers,
    );
    const { url, checkoutId } = started.data!.startGroupCheckout;
    expect(url).toBe(`${stripe.url}/c/pay/${checkoutId}`);
    expect(stripe.sessions.get(checkoutId)!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[group_id]': String(group.id),
      'metadata[user_id]': String(buyer.userId),
    });

    const mySubscriptions = async () =>
      (
        await t.gql<{
          myGroupSubscriptions: Array<{
            status: string;
            price: number;
            recurrence: string;
            group: { id: number };
          }>;
        }>('{ myGroupSubscriptions { status price recurrence group { id } } }', {}, buyer.headers)
      ).data?.myGroupSubscriptions;
    expect(await mySubscriptions()).toEqual([
      { status: 'pending', price: 12.5, recurrence: 'MONTHLY', group: { id: group.id } },
    ]);

    // A "completed" event the provider does not confirm (nobody paid) grants nothing.
    const early = stripe.event('checkout.session.completed', { id: checkoutId });
    expect((await postEvent(early.payload, stripe.sign(early.payload))).body.outcome).toBe('unconfirmed');
    expect((await statusIn(buyer, group.id)).viewerStatus).toBeNull();

    const session = stripe.pay(checkoutId);
    const completed = stripe.event('checkout.session.completed', { ...session, form: undefined });
    expect((await postEvent(completed.payload)).status).toBe(400);
    expect(
      (await postEvent(completed.payload, stripe.sign(completed.payload, { secret: 'whsec_wrong' }))).status,
    ).toBe(400);
    const stale = stripe.sign(completed.payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await postEvent(completed.payload, stale)).status).toBe(400);
    const tampered = completed.payload.replace(checkoutId, 'cs_test_other');
    expect((await postEvent(tampered, stripe.sign(completed.payload))).status).toBe(400);
    expect((await statusIn(buyer, group.id)).viewerStatus).toBeNull();

    const signature = stripe.sign(completed.payload);
    expect(await postEvent(completed.payload, signature)).toEqual({
      status: 200,
      body: { received: true, outcome: 'granted' },
    });
    expect(await statusIn(buyer, group.id)).toEqual({
      viewerStatus: 'member',
      permissions: { checkout: false },
    });
    expect((await mySubscriptions())?.map((entry) => entry.status)).toEqual(['active']);

    // Replayed (same event id): nothing changes, even after the member was removed.
    await db().execute(
      sql`DELETE FROM group_members WHERE group_id = ${group.id} AND user_id = ${buyer.userId}`,
    );
    expect((await postEvent(completed.payload, signature)).body.outcome).toBe('duplicate');
    expect((await statusIn(buyer, group.id)).viewerStatus).toBeNull();
    await db().execute(
      sql`INSERT INTO group_members (group_id, user_id, role, status) VALUES (${group.id}, ${buyer.userId}, 'member', 'member')`,
    );

    const canceled = await t.gql(
      'mutation ($id: ID!) { cancelSubscription(id: $id) }',
      { id: group.id },
      buyer.headers,
    );
    expect(canceled.errors).toBeUndefined();
    expect(stripe.calls).toContain(`DELETE /v1/subscriptions/sub_${checkoutId}`);
    expect((await statusIn(buyer, group.id)).viewerStatus).toBeNull();
    expect(await mySubscriptions()).toEqual([]);
    const deleted = stripe.event('customer.subscription.deleted', {
      id: `sub_${checkoutId}`,
      object: 'subscription',
    });
    expect((await postEvent(deleted.payload, stripe.sign(deleted.payload))).body.outcome).toBe('ignored');

    const audit = await t.gql<{
      groupAuditLog: { events: Array<{ action: string; details: { via?: string } }> };
    }>(
      'query ($id: ID!) { groupAuditLog(id: $id) { events { action details } } }',
      { id: group.id },
      creator.headers,
    );
    expect(audit.data!.groupAuditLog.events.slice(0, 2).map((e) => [e.action, e.details.via])).toEqual([
      ['group.user.remove', 'subscription ended'],
      ['group.user.add', 'payment'],
    ]);
  });

  it('ends access when the provider ends a subscription, and sells one-time access as a payment', async () => {
    const group = await paidGroup(null);
    const buyer = await newPerson(t, 'Ola');
    const started = await t.gql<{ startGroupCheckout: { checkoutId: string } }>(
      'mutation ($id: ID!) { startGroupCheckout(id: $id) { checkoutId } }',
      { id: group.id },
      buyer.headers,
    );
    const checkoutId = started.data!.startGroupCheckout.checkoutId;
    expect(stripe.sessions.get(checkoutId)!.mode).toBe('payment');
    const paid = stripe.event('checkout.session.completed', { id: checkoutId });
    stripe.pay(checkoutId);
    expect((await postEvent(paid.payload, stripe.sign(paid.payload))).body.outcome).toBe('granted');
    expect((await statusIn(buyer, group.id)).viewerStatus).toBe('member');

    const monthly = await paidGroup('YEARLY');
    const subscriber = await newPerson(t, 'Sue');
    const second = await t.gql<{ startGroupCheckout: { checkoutId: string } }>(
      'mutation ($id: ID!) { startGroupCheckout(id: $id) { checkoutId } }',
      { id: monthly.id },
      subscriber.headers,
    );
    const id = second.data!.startGroupCheckout.checkoutId;
    stripe.pay(id);
    const done = stripe.event('checkout.session.completed', { id });
    await postEvent(done.payload, stripe.sign(done.payload));
    expect((await statusIn(subscriber, monthly.id)).viewerStatus).toBe('member');
    const ended = stripe.event('customer.subscription.deleted', { id: `sub_${id}` });
    expect((await postEvent(ended.payload, stripe.sign(ended.payload))).body.outcome).toBe('ended');
    expect((await statusIn(subscriber, monthly.id)).viewerStatus).toBeNull();
  });
});
