import { builder } from '../../graphql/builder.ts';
import { recordTrackingEvents } from './record-tracking-events.ts';
import { runHealthChecks, type HealthCheckResult } from './run-health-checks.ts';
import { sendDownloadLink } from './send-download-link.ts';
import { subscribeEmail, unsubscribeEmail } from './email-subscription.ts';

const HealthCheckResultRef = builder.objectRef<HealthCheckResult>('HealthCheckResult').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    duration: t.exposeInt('duration', { description: 'Milliseconds the check took.' }),
  }),
});

interface Healthcheck {
  ip: string | null;
  clientIp: string | null;
  remoteIp: string | null;
  results: HealthCheckResult[];
}

const HealthcheckRef = builder.objectRef<Healthcheck>('Healthcheck').implement({
  fields: (t) => ({
    ip: t.exposeString('ip', { nullable: true, description: 'The address Plaza treats as the caller.' }),
    clientIp: t.exposeString('clientIp', { nullable: true, description: 'The address a proxy forwarded.' }),
    remoteIp: t.exposeString('remoteIp', { nullable: true, description: 'The address of the connection.' }),
    results: t.field({ type: [HealthCheckResultRef], resolve: (parent) => parent.results }),
  }),
});

const BlockedCountryCodesRef = builder
  .objectRef<{ blockedCountryCodes: string[] }>('BlockedCountryCodes')
  .implement({ fields: (t) => ({ blockedCountryCodes: t.exposeStringList('blockedCountryCodes') }) });

const TrackingEventInput = builder.inputType('TrackingEventInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    properties: t.field({ type: 'JSONObject' }),
    timestamp: t.float({ description: 'Milliseconds since the epoch.' }),
  }),
});

builder.queryFields((t) => ({
  healthcheck: t.field({
    type: HealthcheckRef,
    authScopes: { public: true },
    description:
      'Round trips to the database, bus, blobs and mail. IP addresses only when resolveIps is true.',
    args: { resolveIps: t.arg.boolean({ defaultValue: false }) },
    resolve: async (_root, { resolveIps }, context) => {
      const results = await runHealthChecks(context);
      const withIps = resolveIps === true;
      return {
        ip: withIps ? context.ip : null,
        clientIp: withIps ? context.clientIp : null,
        remoteIp: withIps ? context.remoteIp : null,
        results: results.map(({ message, duration, ok }) => ({ message, duration, ok })),
      };
    },
  }),
  getBlockedCountryCodes: t.field({
    type: BlockedCountryCodesRef,
    authScopes: { public: true },
    description: 'Countries from which sign-up is not offered.',
    resolve: (_root, _args, context) => ({ blockedCountryCodes: context.config.blockedCountryCodes }),
  }),
}));

builder.mutationFields((t) => ({
  tracking: t.boolean({
    authScopes: { public: true },
    args: {
      events: t.arg({ type: [TrackingEventInput], required: true }),
      sessionId: t.arg.string({ required: true }),
    },
    resolve: async (_root, { events, sessionId }, context) => {
      await recordTrackingEvents(context, sessionId, events);
      return true;
    },
  }),
  sendDownloadLink: t.boolean({
    authScopes: { public: true },
    args: { phone: t.arg.string({ required: true }) },
    resolve: async (_root, { phone }, context) => {
      await sendDownloadLink(context, phone);
      return true;
    },
  }),
  subscribeEmail: t.boolean({
    authScopes: { public: true },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, context) => {
      await subscribeEmail(context, email);
      return true;
    },
  }),
  unsubscribeEmail: t.boolean({
    authScopes: { public: true },
    description: 'One-click unsubscribe with the token from the e-mail; the token proves the address.',
    args: { email: t.arg.string({ required: true }), token: t.arg.string({ required: true }) },
    resolve: async (_root, { email, token }, context) => {
      await unsubscribeEmail(context, email, token);
      return true;
    },
  }),
}));
