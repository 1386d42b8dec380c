import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  form: Record<string, string>;
}

export interface StripeStandIn {
  /** Base URL to give Plaza as STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  /** Every request the stand-in answered, as "METHOD path". */
  calls: string[];
  /** The buyer pays on the hosted page: the session completes (and a subscription starts). */
  pay(sessionId: string): StandInSession;
  /** A Stripe event wrapping an object. */
  event(type: string, object: Record<string, unknown>): { id: string; type: string; payload: string };
  /** Stripe's Stripe-Signature header for a payload, as Stripe computes it. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the parts of Stripe's HTTP API that Plaza calls (create and read a Checkout
 * Session, cancel a subscription), answering as Stripe does, and signing webhook events with
 * Stripe's scheme. It is written from Stripe's documentation, not from Plaza's adapter.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = 'sk_test_standin';
  const webhookSecret = 'whsec_standin';
  const sessions = new Map<string, StandInSession>();
  const calls: string[] = [];
  let counter = 0;
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      calls.push(`${req.method} ${path}`);
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          send(400, { error: { type: 'invalid_request_error', message: 'Form-encode the request.' } });
          return;
        }
        const form = Object.fromEntries(new URLSearchParams(body));
        const amount = Number(form['line_items[0][price_data][unit_amount]']);
        const mode = form.mode ?? '';
        const missing = ['success_url', 'line_items[0][price_data][currency]'].filter((name) => !form[name]);
        if (!['payment', 'subscription'].includes(mode) || !Number.isInteger(amount) || missing.length > 0) {
          send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Missing or bad: ${missing.join(', ') || 'mode or amount'}`,
            },
          });
          return;
        }
        if (mode === 'subscription' && !form['line_items[0][price_data][recurring][interval]']) {
          send(400, {
            error: { type: 'invalid_request_error', message: 'Subscriptions need a recurring price.' },
          });
          return;
        }
        counter += 1;
        const id = `cs_test_${counter}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(form)) {
          const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
          if (key) metadata[key] = value;
        }
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          url: `${base}/c/pay/${id}`,
          mode,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          amount_total: amount,
          form,
        };
        sessions.set(id, session);
        send(200, session);
        return;
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        if (session) send(200, session);
        else send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return;
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (req.method === 'DELETE' && subscriptionMatch) {
        const id = decodeURIComponent(subscriptionMatch[1]!);
        const known = [...sessions.values()].some((s) => s.subscription === id);
        if (known) send(200, { id, object: 'subscription', status: 'canceled' });
        else send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (payload: string, options: { timestamp?: number; secret?: string } = {}) => {
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.secret ?? webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return `t=${timestamp},v1=${signature}`;
  };

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    calls,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (session.mode === 'subscription') session.subscription = `sub_${sessionId}`;
      return session;
    },
    event(type, object) {
      counter += 1;
      const id = `evt_test_${counter}`;
      return {
        id,
        type,
        payload: JSON.stringify({
          id,
          object: 'event',
          type,
          created: Math.floor(Date.now() / 1000),
          data: { object },
        }),
      };
    },
    sign,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
