import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { PlazaYoga } from '../graphql/create-yoga.ts';
import type { RequestContext } from '../graphql/context.ts';
import { EVENT_SINK, sharedResultJson, type EventSink } from '../graphql/subscription-events.ts';
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
  options: { isMaintenance?: boolean; sendBufferLimit: number },
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
  const cleanup = serveGraphqlWs(
    wsServer,
    metrics,
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args) as never,
      onSubscribe: async (ctx, id, params) => {
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
        let contextValue: Awaited<ReturnType<typeof contextFactory>>;
        try {
          contextValue = await contextFactory();
        } catch (error) {
          // The database out of reach (unavailable.ts) ends this subscription with its message; the
          // socket and its other subscriptions stay. Any other failure closes the socket, as before.
          if (error instanceof GraphQLError && error.extensions.code === '503') return [error];
          throw error;
        }
        // What was read with the session serves a query at once (context.ts); a socket's context
        // lives as long as the socket and reads afresh, so it does not keep the person's row.
        const { viewer } = contextValue as RequestContext;
        if (viewer) (contextValue as RequestContext).viewer = { id: viewer.id, sessionId: viewer.sessionId };
        const sink = ctx.extra.sink(id, () => id in ctx.subscriptions);
        return {
          schema,
          document,
          operationName: params.operationName,
          variableValues: params.variables,
          contextValue: Object.assign(contextValue, { [EVENT_SINK]: sink }),
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
      },
    },
    {
      isProd: process.env.NODE_ENV === 'production',
      sendBufferLimit: options.sendBufferLimit,
    },
  );
  return async () => {
    cleanup();
    await new Promise<void>((resolve) => wsServer.close(() => resolve()));
  };
}

/** What the protocol's handlers see of a connection (ctx.extra), as graphql-ws/use/ws gives it. */
interface SocketExtra {
  socket: WebSocket;
  request: IncomingMessage;
  /**
   * The direct lane's sink of subscription `id` (subscription-events.ts, decision 0028): writes a
   * shared result's next message with the turn's other frames, unless the subscription has
   * completed (`active`), the socket is closed or a slow reader holds `sendBufferLimit` bytes unsent.
   */
  sink: (id: string, active: () => boolean) => EventSink;
}

/** Milliseconds between pings; a client that does not answer one within as long is cut off. */
const KEEP_ALIVE_MS = 12_000;

/** How a next message with a shared result ends before its JSON is put in. */
const SPLICE_END = ',"payload":null}';

/** Close reasons are at most 123 bytes in a WebSocket close frame. */
function closeReason(error: unknown, isProd: boolean): string {
  const reason = isProd ? 'Internal server error' : error instanceof Error ? error.message : String(error);
  return Buffer.byteLength(reason) > 123 ? 'Internal server error' : reason;
}

/**
 * Frames sent to the socket in one turn of the event loop leave in one write: a burst of a chat's
 * messages to a subscriber (one read of the feed hands it several) costs one system call, not one
 * per message. The socket is corked on the first send of a turn and uncorked once the turn's
 * promise jobs have run.
 */
function coalesceWrites(socket: WebSocket, raw: IncomingMessage['socket']): (data: string) => void {
  let corked = false;
  const flush = (): void => {
    corked = false;
    raw.uncork();
  };
  return (data) => {
    if (!corked && !raw.destroyed) {
      corked = true;
      raw.cork();
      process.nextTick(flush);
    }
    socket.send(data);
  };
}

/**
 * The graphql-transport-ws protocol (graphql-ws's makeServer) on a ws server, as graphql-ws/use/ws
 * runs it (keep-alive pings, close codes, errors), except for sending: a send waits for its write
 * only while the socket holds `sendBufferLimit` bytes unsent (PLAZA_WS_SEND_BUFFER_BYTES: below it,
 * the events ready for a socket in one turn leave together; above it, a slow reader's events wait
 * in their queue), and a turn's frames leave together.
 * Returns the function that closes every connection.
 */
function serveGraphqlWs(
  wsServer: WebSocketServer,
  metrics: Metrics,
  options: ServerOptions<Record<string, unknown> | undefined, SocketExtra>,
  { isProd, sendBufferLimit }: { isProd: boolean; sendBufferLimit: number },
): () => void {
  // A result executed once for many subscribers (decision 0023) is serialised once: graphql-ws
  // gets it as it is from onNext, the replacer leaves its place null and keeps its JSON aside, and
  // the send that follows at once puts the JSON in. Other messages go through unchanged.
  let spliced: string | null = null;
  const server = makeServer({
    ...options,
    onNext: (_ctx, _id, _payload, _args, result) => {
      metrics.subscriptionMessages.count('protocol');
      return sharedResultJson(result) === undefined ? undefined : (result as never);
    },
    jsonMessageReplacer(this: unknown, key, value) {
      if (key !== 'payload' || (this as { type?: unknown }).type !== 'next') return value;
      const json = sharedResultJson(value);
      if (json === undefined) return value;
      spliced = json;
      return null;
    },
  });
  const splice = (data: string): string => {
    if (spliced === null) return data;
    const json = spliced;
    spliced = null;
    if (!data.endsWith(SPLICE_END)) throw new Error('A shared result’s message lost its place.');
    return `${data.slice(0, -SPLICE_END.length)},"payload":${json}}`;
  };
  wsServer.options.handleProtocols = handleProtocols;
  wsServer.once('error', (error) => {
    console.error('Internal error on the GraphQL WebSocket server.', error);
    for (const client of wsServer.clients)
      client.close(CloseCode.InternalServerError, closeReason(error, isProd));
  });
  wsServer.on('connection', (socket, request) => {
    metrics.websocketConnections.inc({ event: 'open' });
    const fail = (error: unknown): void => {
      console.error('Internal error on a GraphQL WebSocket.', error);
      socket.close(CloseCode.InternalServerError, closeReason(error, isProd));
    };
    socket.once('error', fail);
    let pongWait: NodeJS.Timeout | null = null;
    const pingInterval = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);
    const write = coalesceWrites(socket, request.socket);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: async (message) => {
          const data = splice(message);
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount < sendBufferLimit) {
            write(data);
            return;
          }
          // A slow reader: this subscription's next events wait until this one has left.
          await new Promise<void>((resolve) => socket.send(data, () => resolve()));
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data) => {
            handle(String(data)).catch(fail);
          }),
      },
      {
        socket,
        request,
        sink: (id, active) => {
          const head = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
          return (json) => {
            if (socket.readyState !== socket.OPEN || socket.bufferedAmount >= sendBufferLimit || !active())
              return false;
            write(`${head}${json}}`);
            metrics.subscriptionMessages.count('direct');
            return true;
          };
        },
      },
    );
    socket.once('close', (code, reason) => {
      metrics.websocketConnections.inc({ event: 'close' });
      if (pongWait) clearTimeout(pongWait);
      clearInterval(pingInterval);
      void closed(code, String(reason));
    });
  });
  return () => {
    for (const client of wsServer.clients) client.close(1001, 'Going away');
    wsServer.removeAllListeners('connection');
  };
}
