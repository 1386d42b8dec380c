import type { PaidContentCheck } from '@plaza/core/paid-content';
import { builder } from '../../graphql/builder.ts';
import { findGroup } from '../groups/find-group.ts';
import { GroupRef } from '../groups/group-type.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { canCreatePaidContent } from './can-create-paid-content.ts';
import { listGroupSubscriptions, type GroupSubscriptionEntry } from './list-group-subscriptions.ts';
import { cancelGroupSubscription } from './cancel-group-subscription.ts';
import { startGroupCheckout } from './start-group-checkout.ts';

const PaidContentCheckRef = builder.objectRef<PaidContentCheck>('PaidContentCheck').implement({
  description: 'Spec 3 "Paid-content check"; the rule is decision 0008.',
  fields: (t) => ({
    canCreatePaidEntities: t.exposeBoolean('canCreatePaidEntities'),
    message: t.exposeString('message'),
    action: t.exposeString('action', {
      nullable: true,
      description: 'SIGN_IN, VERIFY_ACCOUNT or VERIFY_EMAIL: what the person can do next.',
    }),
  }),
});

const CheckoutRef = builder.objectRef<{ url: string; checkoutId: string }>('GroupCheckout').implement({
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The payment provider’s page to send the buyer to.' }),
    checkoutId: t.exposeString('checkoutId'),
  }),
});

const GroupSubscriptionRef = builder.objectRef<GroupSubscriptionEntry>('GroupSubscription').implement({
  description: 'A paid membership of the viewer (decision 0008).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    group: t.field({ type: GroupRef, resolve: (s) => s.group }),
    status: t.exposeString('status', { description: 'active, or pending until the provider confirms.' }),
    price: t.float({ description: 'In the currency’s major unit.', resolve: (s) => s.amountCents / 100 }),
    recurrence: t.exposeString('recurrence', { nullable: true, description: 'Null for a one-time payment.' }),
    createdAt: t.string({ resolve: (s) => s.createdAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  myGroupSubscriptions: t.field({
    type: [GroupSubscriptionRef],
    authScopes: { signedIn: true },
    description: 'The viewer’s paid group memberships, running or waiting for the provider.',
    resolve: async (_root, _args, context) => {
      const me = await requireViewerUser(context);
      return listGroupSubscriptions(context.store.db, me.id);
    },
  }),
  canCreatePaidContent: t.field({
    type: PaidContentCheckRef,
    authScopes: { public: true },
    description: 'Whether the viewer may create paid groups, and if not, why.',
    resolve: (_root, _args, context) => canCreatePaidContent(context),
  }),
}));

builder.mutationFields((t) => ({
  startGroupCheckout: t.field({
    type: CheckoutRef,
    authScopes: { signedIn: true },
    description:
      'Starts paying for a paid group; access follows only the provider’s signed confirmation. CONFLICT when the server has no payment provider.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return startGroupCheckout(context, me, await findGroup(context, { id: args.id }));
    },
  }),
  cancelSubscription: t.boolean({
    authScopes: { signedIn: true },
    description: 'Cancels the viewer’s recurring payment for a group; their paid access ends.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      await cancelGroupSubscription(context, me, await findGroup(context, { id: args.id }));
      return true;
    },
  }),
}));
