import { builder } from '../../graphql/builder.ts';
import type { PrivacySettings } from '@plaza/core/consent';
import { getPrivacySettings } from './privacy-settings.ts';
import { recordTrackingEvents } from './record-tracking-events.ts';
import { runHealthChecks, type HealthCheckResult } from './run-health-checks.ts';
import { sendDownloadLink } from './send-download-link.ts';
import { ACTIVITY_TYPES } from '@plaza/core/notifications';
import {
  checkEmailUnsubscribe,
  subscribeEmail,
  unsubscribeEmail,
  type EmailUnsubscribe,
} from './email-subscription.ts';

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

const EmailUnsubscribeScopeRef = builder.enumType('EmailUnsubscribeScope', {
  description:
    'What an unsubscribe link stops: Plaza news, one kind of notification e-mail, the daily digest, or all notification e-mails.',
  values: ['NEWS', ...ACTIVITY_TYPES, 'DIGEST', 'ALL'] as const,
});

const EmailUnsubscribeResultRef = builder.objectRef<EmailUnsubscribe>('EmailUnsubscribeResult').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    scope: t.field({ type: EmailUnsubscribeScopeRef, resolve: (parent) => parent.scope }),
    label: t.exposeString('label', {
      description: 'What stops, as a phrase: "friend requests", "the daily digest", "Plaza news".',
    }),
  }),
});

const PrivacySettingsRef = builder.objectRef<PrivacySettings>('PrivacySettings').implement({
  description:
    'Cookie consent defaults for a country (spec 6: purposes essential 2, marketing 4, personal 8, analytics 16).',
  fields: (t) => ({
    countryCode: t.exposeString('countryCode', {
      nullable: true,
      description: 'Two upper-case letters; null when the country is unknown.',
    }),
    consentRequired: t.exposeBoolean('consentRequired', {
      description:
        'The law there asks for opt-in consent (EU, EEA, UK, Switzerland); also true when the country is unknown.',
    }),
    defaultMask: t.exposeInt('defaultMask', {
      description:
        'Where the banner’s switches start: essential only (2) where consent is required, all (30) elsewhere. Before a choice only essential cookies are used, everywhere.',
    }),
    version: t.exposeInt('version', {
      description: 'The consent version; a choice for another version is asked again.',
    }),
    fullMask: t.exposeInt('fullMask', { description: 'Every purpose: 30.' }),
    cookieName: t.exposeString('cookieName', {
      description: 'The cookie that holds the choice as <version>.<mask>, e.g. 1.30.',
    }),
  }),
});

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
  checkUnsubscribeLink: t.field({
    type: EmailUnsubscribeResultRef,
    authScopes: { public: true },
    description:
      'What an unsubscribe link from an e-mail would stop, without using it; a bad or used link is refused (BAD_USER_INPUT on token).',
    args: { email: t.arg.string({ required: true }), token: t.arg.string({ required: true }) },
    resolve: (_root, { email, token }, context) => checkEmailUnsubscribe(context, email, token),
  }),
  getBlockedCountryCodes: t.field({
    type: BlockedCountryCodesRef,
    authScopes: { public: true },
    description: 'Countries from which sign-up is not offered.',
    resolve: (_root, _args, context) => ({ blockedCountryCodes: context.config.blockedCountryCodes }),
  }),
  getPrivacySettings: t.field({
    type: PrivacySettingsRef,
    authScopes: { public: true },
    description:
      'Cookie consent defaults for countryCode, or, without it, for the caller’s country named by the header of PLAZA_COUNTRY_HEADER. A code that is not two letters is refused (BAD_USER_INPUT).',
    args: { countryCode: t.arg.string() },
    resolve: (_root, { countryCode }, context) => getPrivacySettings(context, countryCode),
  }),
}));

builder.mutationFields((t) => ({
  tracking: t.boolean({
    authScopes: { public: true },
    description:
      'Stores product analytics events. Only a request whose consent cookie (pcg, e.g. 1.30) has the analytics bit 16 stores them; any other answers false and stores nothing.',
    args: {
      events: t.arg({ type: [TrackingEventInput], required: true }),
      sessionId: t.arg.string({ required: true }),
    },
    resolve: (_root, { events, sessionId }, context) => recordTrackingEvents(context, sessionId, events),
  }),
  sendDownloadLink: t.boolean({
    authScopes: { public: true },
    description:
      'Texts the app link to a number once; consent must be true (the asker agreed to the text), and a number that opted out is never texted.',
    args: { phone: t.arg.string({ required: true }), consent: t.arg.boolean() },
    resolve: async (_root, { phone, consent }, context) => {
      await sendDownloadLink(context, phone, consent);
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
  unsubscribeEmail: t.field({
    type: EmailUnsubscribeResultRef,
    authScopes: { public: true },
    description:
      'One-click unsubscribe with the token from the e-mail; the token proves the address. Answers what stopped; a bad or used link changes nothing (BAD_USER_INPUT on token).',
    args: { email: t.arg.string({ required: true }), token: t.arg.string({ required: true }) },
    resolve: (_root, { email, token }, context) => unsubscribeEmail(context, email, token),
  }),
}));
