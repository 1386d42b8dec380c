import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { openStore } from './db/client.ts';
import { createPlazaAuth } from './domains/auth/plaza-auth.ts';
import { registerActivityJobs, type ActivityChannel } from './domains/activity/activity-delivery.ts';
import { registerNotificationEmailJobs } from './domains/notification-email/daily-digest.ts';
import { emailActivityChannel } from './domains/notification-email/email-activity-channel.ts';
import { createPushChannel } from './domains/push/push-channel.ts';
import { vapidKeys } from './domains/push/vapid-keys.ts';
import { registerPlanReminderJobs } from './domains/reminders/plan-reminder-jobs.ts';
import type { Platform } from './graphql/context.ts';
import { createPlazaYoga, type PlazaYoga } from './graphql/create-yoga.ts';
import { createHttpApp, type HttpAppOptions } from './http/create-http-app.ts';
import { createMetrics } from './http/metrics.ts';
import { createLogger, type Logger } from './logger.ts';
import { createLocalBlobs } from './platform/blobs/local-blobs.ts';
import { createS3Blobs } from './platform/blobs/s3-blobs.ts';
import { createBus } from './platform/bus/create-bus.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/jobs.ts';
import { createMail } from './platform/mail/create-mail.ts';
import { createRateLimits } from './platform/rate-limits/rate-limits.ts';
import { createRedisRateLimits, redisNamespace } from './platform/rate-limits/redis-rate-limits.ts';
import { createSms } from './platform/sms/create-sms.ts';

export interface Plaza {
  platform: Platform;
  yoga: PlazaYoga;
  server: Server;
  /** Background jobs (decision 0011): `main.ts` starts polling; tests call `runDue(now)` themselves. */
  jobs: JobRunner;
  /** Starts listening; resolves with the port. */
  listen(port?: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export interface PlazaOptions extends HttpAppOptions {
  logger?: Logger;
  /** Override the embedded store's folder, e.g. `memory://` in tests. */
  pgliteDir?: string;
  /** Start an in-memory embedded store from this data-folder dump (tests; see `StoreOptions`). */
  pgliteTemplate?: Blob | undefined;
}

/** Wires config -> store -> bus -> http. Nothing listens until `listen` is called. */
export async function createPlaza(config: Config, options: PlazaOptions): Promise<Plaza> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    namedStatements: config.databaseNamedStatements,
    poolSize: config.databasePoolSize,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'db'),
    pgliteTemplate: options.pgliteTemplate,
  });
  const outboxDir = path.join(config.dataDir, 'outbox');
  const mail = createMail({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir, logger });
  const sms = createSms({ outboxDir, logger });
  // With REDIS_URL, limits are counted in Redis (one atomic script a request); else in the store.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : null;
  // While Redis is away a limited request fails (its own error); without a listener ioredis would
  // also print every failed reconnection.
  redis?.on('error', () => undefined);
  // One namespace per store for everything this Plaza keeps in a shared Redis.
  const namespace = redis ? await redisNamespace(store) : undefined;
  const rateLimits = redis && namespace ? createRedisRateLimits(redis, namespace) : createRateLimits(store);
  const platform: Platform = {
    config,
    logger,
    store,
    bus: createBus(config.redisUrl, namespace),
    // An S3-compatible bucket when S3_* is set, so every process serves every upload.
    blobs: config.s3 ? createS3Blobs(config.s3) : createLocalBlobs(path.join(config.dataDir, 'blobs')),
    mail,
    sms,
    rateLimits,
    auth: await createPlazaAuth({ config, logger, store, mail, sms, rateLimits }),
  };
  const jobs = createJobRunner(store, logger);
  registerPlanReminderJobs(jobs, platform);
  // The ways out of Plaza for activities (decision 0014): push and e-mail.
  const activityChannels: ActivityChannel[] = [createPushChannel(platform), emailActivityChannel(platform)];
  registerActivityJobs(jobs, platform, activityChannels);
  // The daily digest for people who were away; its hourly sweep is scheduled here.
  await registerNotificationEmailJobs(jobs, platform);
  // Web Push keys are made at first start (decision 0014), so every process signs with the same pair.
  await vapidKeys(store);
  const metrics = createMetrics(store);
  const yoga = createPlazaYoga(platform, (execution) => metrics.subscriptionEvents.count(execution));
  const http = await createHttpApp(platform, yoga, metrics, options);
  return {
    platform,
    yoga,
    server: http.server,
    jobs,
    listen: (port = config.port, host = config.host) =>
      new Promise((resolve, reject) => {
        http.server.once('error', reject);
        http.server.listen(port, host, () => resolve((http.server.address() as AddressInfo).port));
      }),
    async close() {
      await jobs.stop();
      await http.close();
      await platform.bus.close();
      redis?.disconnect();
      await platform.mail.close();
      await store.close();
    },
  };
}
