import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { PlazaYoga } from '../graphql/create-yoga.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from './maintenance.ts';
import type { Metrics } from './metrics.ts';

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

/**
 * graphql-ws on the same port and path as HTTP GraphQL, through Yoga's plugins and context. In
 * maintenance (PLAZA_MAINTENANCE) the upgrade is refused with 503 and Retry-After, as HTTP GraphQL
 * is (spec 8.11): a socket would otherwise go on reading and sending while the data is being moved.
 */
export function attachGraphqlWebSocket(
  server: Server,
  yoga: PlazaYoga,
  metrics: Metrics,
  options: { isMaintenance?: boolean } = {},
): () => Promise<void> {
  const wsServer = new WebSocketServer({
    server,
    path: yoga.graphqlEndpoint,
    maxPayload: 64 * 1024,
    ...(options.isMaintenance
      ? {
          verifyClient: (
            _info: unknown,
            refuse: (ok: boolean, code: number, message: string, headers: Record<string, string>) => void,
          ) =>
            refuse(false, 503, 'Service Unavailable', {
              'Retry-After': String(MAINTENANCE_RETRY_AFTER_SECONDS),
            }),
        }
      : {}),
  });
  wsServer.on('connection', (socket) => {
    metrics.websocketConnections.inc({ event: 'open' });
    socket.once('close', () => metrics.websocketConnections.inc({ event: 'close' }));
  });
  const cleanup = useServer(
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        const req = ctx.extra.request;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        // Browsers cannot set headers on a WebSocket: API clients may send their bearer token in the
        // connection_init payload instead ({ "authorization": "Bearer …" }), never in the URL.
        const authorization = ctx.connectionParams?.authorization;
        if (typeof authorization === 'string' && /^bearer\s/i.test(authorization)) {
          headers.set('authorization', authorization);
        }
        // The upgrade request stands in for the HTTP request, so context and auth read the same headers:
        // its Cookie counts only without an Origin or with Plaza's own (resolveViewer), so a page on
        // another site cannot open a socket with the visitor's session (chats-ws-origin.test.ts).
        // A bearer token from connection_init stands alone, whatever the Origin.
        // As a POST: a socket carries mutations too (sends, votes), which Yoga refuses over GET.
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
          method: 'POST',
          headers,
        });
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req,
          request,
          socket: ctx.extra.socket,
          params,
        });
        const document = parse(params.query);
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        return {
          schema,
          document,
          operationName: params.operationName,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
      },
    },
    wsServer,
  );
  return async () => {
    await cleanup.dispose();
    await new Promise<void>((resolve) => wsServer.close(() => resolve()));
  };
}
