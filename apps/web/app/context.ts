import { createContext } from 'react-router';

/** What the Plaza server hands every loader and action (see apps/server/src/http/web.ts). */
export interface GraphQLResult<TData> {
  data?: TData | null;
  errors?: ReadonlyArray<{ message: string; extensions?: { code?: string; [key: string]: unknown } }>;
}

export interface PlazaServerContext {
  /** Runs a GraphQL operation in-process against the server's own schema, as the visitor of this request. */
  graphql<TData = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResult<TData>>;
  /** The public base URL of this Plaza, without a trailing slash. */
  publicUrl: string;
  isDevelopment: boolean;
  /** PLAZA_MAINTENANCE is on: every page is the full-page maintenance screen, status 503 (spec 8). */
  isMaintenance?: boolean;
  /** The nonce of this answer's Content-Security-Policy, for the page's inline scripts (decision 0020). */
  cspNonce?: string;
  /** CONTACT_EMAIL of the server config, behind "Get in touch"; hello@ the public host when absent. */
  contactEmail?: string;
}

export const plazaContext = createContext<PlazaServerContext>();
