import { tuneV8 } from './v8-flags.ts';
import { enableStartupCaches, saveCompileCache } from './startup-caches.ts';
import { assertNodeVersion } from './version-check.ts';

assertNodeVersion();
// The old generation's room to grow before a full collection (decision 0050), no pretenuring (0052),
// TurboFan's call count (0053).
tuneV8();

const started = performance.now();
// Before the server's modules load: compiled code kept between starts, package imports resolved once.
enableStartupCaches();
const { loadConfig, ConfigError } = await import('./config.ts');
const { createPlaza } = await import('./app.ts');
const { createLogger } = await import('./logger.ts');
const { seedDemoWorldIfEmpty } = await import('./demo/seed.ts');
const { warmUp } = await import('./warm-up.ts');
const { maintenanceFromEnv } = await import('./http/maintenance.ts');

const dev = process.argv.includes('--dev');
let config;
try {
  config = loadConfig(dev ? { NODE_ENV: 'development', ...process.env } : process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const plaza = await createPlaza(config, { web: dev ? 'dev' : 'build', logger });
if (config.demo) await seedDemoWorldIfEmpty(plaza.platform);
// Before it listens, a process behind a balancer reads the public pages of itself (decision 0054);
// not in maintenance, when the data is being moved and every request is answered 503 (spec 8.11).
const warmUpSeconds = maintenanceFromEnv(process.env) ? 0 : config.warmUpSeconds;
const warmedUp = await warmUp(plaza.yoga, plaza.platform.store, warmUpSeconds, logger);
const port = await plaza.listen();
// Every process runs due jobs; the database hands each job to one of them (decision 0011).
plaza.jobs.start();
// What the start compiled is on disk for the next start, even if this one ends without exiting.
saveCompileCache();
logger.info(
  {
    url: config.publicUrl,
    port,
    store: plaza.platform.store.kind,
    bus: plaza.platform.bus.kind,
    mail: plaza.platform.mail.kind,
    startupMs: Math.round(performance.now() - started),
    ...(warmUpSeconds > 0 ? { warmUp: warmedUp } : {}),
  },
  `Plaza is ready at ${config.publicUrl}`,
);

// The city data set loads in the background once the server answers (decision 0010); the short
// wait keeps its synchronous parsing away from the first requests.
const cityLoad = new AbortController();
let cityLoading: Promise<void> = Promise.resolve();
const cityLoadTimer = setTimeout(() => {
  cityLoading = import('./domains/places/load-cities.ts').then(({ loadCitiesInBackground }) =>
    loadCitiesInBackground(plaza.platform.store, {
      minPopulation: config.citiesMinPopulation,
      logger,
      signal: cityLoad.signal,
    }),
  );
}, 1000);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(cityLoadTimer);
    cityLoad.abort();
    logger.info({ signal }, 'shutting down');
    // A city load in progress stops after its current batch, before the store closes.
    cityLoading
      .then(() => plaza.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
