import { builder } from '../../graphql/builder.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import {
  registerDeviceToken,
  subscribePush,
  unregisterDeviceToken,
  unsubscribePush,
} from './push-subscriptions.ts';
import { vapidKeys } from './vapid-keys.ts';

const PushSubscriptionKeysInput = builder.inputType('PushSubscriptionKeysInput', {
  description: 'The keys of a browser’s PushSubscription (its toJSON().keys), base64url.',
  fields: (t) => ({
    p256dh: t.string({ required: true, description: 'The P-256 public key, 65 bytes uncompressed.' }),
    auth: t.string({ required: true, description: 'The 16-byte authentication secret.' }),
  }),
});

const PushSubscriptionInput = builder.inputType('PushSubscriptionInput', {
  description: 'A browser’s Web Push subscription (PushSubscription.toJSON()).',
  fields: (t) => ({
    endpoint: t.string({ required: true, description: 'The push service URL: https, on a public host.' }),
    keys: t.field({ type: PushSubscriptionKeysInput, required: true }),
    userAgent: t.string({ description: 'The browser, to tell subscriptions apart.' }),
  }),
});

builder.queryFields((t) => ({
  pushPublicKey: t.string({
    nullable: false,
    authScopes: { public: true },
    description:
      'The server’s VAPID public key (P-256, uncompressed, base64url): the applicationServerKey of pushManager.subscribe.',
    resolve: async (_root, _args, context) => (await vapidKeys(context.store)).publicKey,
  }),
}));

builder.mutationFields((t) => ({
  subscribePush: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Sends the signed-in person’s activity notifications to this browser (decision 0014). The same person again updates the keys; an endpoint registered by someone else is refused (FORBIDDEN).',
    args: { subscription: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: async (_root, { subscription }, context) => {
      const me = await requireViewerUser(context);
      return subscribePush(context, me.id, subscription);
    },
  }),
  unsubscribePush: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Stops notifications to this browser. False when the signed-in person has no subscription of this endpoint (another person’s stays).',
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: async (_root, { endpoint }, context) => {
      const me = await requireViewerUser(context);
      return unsubscribePush(context.store.db, me.id, endpoint);
    },
  }),
  registerFirebaseToken: t.boolean({
    authScopes: { signedIn: true },
    description:
      'Sends the signed-in person’s notifications to this native app (spec 3 firebaseToken), remembered with this session. A token held by another person’s live session is refused (FORBIDDEN).',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, context) => {
      const me = await requireViewerUser(context);
      return registerDeviceToken(context, me.id, context.viewer!.sessionId, token);
    },
  }),
  unregisterFirebaseToken: t.boolean({
    authScopes: { signedIn: true },
    description: 'Stops notifications to this native app. False when the signed-in person has no such token.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, context) => {
      const me = await requireViewerUser(context);
      return unregisterDeviceToken(context.store.db, me.id, token);
    },
  }),
}));
