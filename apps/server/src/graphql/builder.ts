import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import { viewerIsAdmin } from '../domains/moderation/site-admins.ts';
import type { RequestContext } from './context.ts';

/** Defines no types: each domain adds its own in domains/<name>/schema.ts. */
export const builder = new SchemaBuilder<{
  Context: RequestContext;
  AuthScopes: {
    /** Anyone, signed in or not. Used on purpose, never by default. */
    public: boolean;
    signedIn: boolean;
    /** A site administrator (decision 0018): PLAZA_ADMINS or granted by another administrator. */
    admin: boolean;
  };
  Scalars: {
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    DateTime: { Input: Date; Output: Date };
  };
}>({
  plugins: [ScopeAuthPlugin],
  scopeAuth: {
    authScopes: (context) => ({
      public: true,
      signedIn: context.viewer !== null,
      // Asked only by fields that need it, once per request.
      admin: () => viewerIsAdmin(context),
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer
        ? new GraphQLError('You are not allowed to do this.', { extensions: { code: 'FORBIDDEN' } })
        : new GraphQLError('Please sign in first.', { extensions: { code: 'UNAUTHENTICATED' } }),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType('JSONObject', {
  description: 'A JSON object with string keys.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new GraphQLError('Expected a JSON object.', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value as Record<string, unknown>;
  },
});

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 text in UTC (e.g. 2026-12-05T19:00:00.000Z).',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime()))
      throw new GraphQLError('Expected an ISO 8601 date and time.', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    return date;
  },
});
