import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import { useCompiledExecution } from './compiled-execution.ts';
import { buildRequestContext, type Platform, type RequestContext, type ServerContext } from './context.ts';
import { useGraphqlLimits } from './limits.ts';
import { useQueryContexts } from './query-contexts.ts';
import { useRequestCachesReleased } from './request-caches.ts';
import { useSubscriptionEvents, type EventExecution } from './subscription-events.ts';
import { useWellFormedText } from './well-formed-text.ts';
import { schema } from './schema.ts';
import { databasePortOf, databaseUnavailable, isDatabaseUnreachable } from './unavailable.ts';
import { useWholeBodyGzip } from './whole-body-gzip.ts';
import { yogaLogging } from './yoga-logging.ts';

export type PlazaYoga = YogaServerInstance<ServerContext, RequestContext>;

/** `countEvent` hears how each subscription event was executed (for the metrics). */
export function createPlazaYoga(
  platform: Platform,
  countEvent?: (execution: EventExecution) => void,
): PlazaYoga {
  const databasePort = databasePortOf(platform.config.databaseUrl);
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Unexpected errors are masked; coded GraphQLErrors (errors.ts) reach the client as they are, and
    // a database out of reach is said as such, with 503 (unavailable.ts).
    maskedErrors: {
      isDev: platform.config.isDevelopment,
      maskError: (error, message, isDev) =>
        isDatabaseUnreachable(error, databasePort) ? databaseUnavailable() : maskError(error, message, isDev),
    },
    graphiql: platform.config.isDevelopment,
    // limits.ts reads every POST body itself, up to its own far lower limit; Yoga's would pipe each
    // body through a stream of its own first.
    maxRequestBodySize: false,
    landingPage: false,
    plugins: [
      useGraphqlLimits({ introspection: platform.config.env !== 'production' }),
      useWellFormedText(),
      useQueryContexts(),
      useSubscriptionEvents(countEvent),
      useWholeBodyGzip(),
      useCompiledExecution(platform.logger),
      useRequestCachesReleased(),
    ],
    logging: yogaLogging(platform.logger),
    context: ({ request, ...serverContext }) => buildRequestContext(platform, request, serverContext),
  });
}
