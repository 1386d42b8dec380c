import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  parse,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import type { IncomingMessage } from 'node:http';
import { readBodyUpTo } from '../http/read-body.ts';
import type { ServerContext } from './context.ts';

/**
 * What one GraphQL request may ask (DESIGN "Security baseline"). The web's largest operation stays
 * well inside each (measured when these were set: depth 9, 3 aliases, about 700 tokens, cost 1,500).
 */
export const GRAPHQL_LIMITS = {
  /** Bytes of a POST body. */
  maxBodyBytes: 100 * 1024,
  /** Lexical tokens of the query text, counted by graphql-js's parser before anything else. */
  maxTokens: 5_000,
  /** Nested selections, fragments followed; introspection's own fields do not count. */
  maxDepth: 12,
  /** Aliased fields in one operation, fragments followed. */
  maxAliases: 30,
  /** Estimated cost: each field 1, a list field's selections multiplied by its size argument or 10. */
  maxCost: 50_000,
};

/** Size arguments that bound a list; without one, a list is taken to hold DEFAULT_LIST_SIZE items. */
const SIZE_ARGUMENTS = new Set(['limit', 'first', 'last', 'perPage', 'count', 'pageSize']);
const DEFAULT_LIST_SIZE = 10;
const MAX_LIST_SIZE = 1_000;

/** A refusal before execution: a 400 with a GraphQL error body, as a malformed request gets. */
function refused(message: string, status = 400): GraphQLError {
  // `spec: false`: Yoga answers 200 to spec'd validation errors of an `application/json` request;
  // these refusals keep their status whatever the client accepts.
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status, spec: false } } });
}

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

function sizeOf(value: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!value) return null;
  let n: unknown = null;
  if (value.kind === Kind.INT) n = Number(value.value);
  else if (value.kind === Kind.VARIABLE) n = variables[value.name.value];
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return Math.min(Math.max(Math.trunc(n), 0), MAX_LIST_SIZE);
}

/**
 * Depth, aliases and cost of one selection set, following fragments (each fragment at most once on
 * a path, so a cycle, which validation refuses anyway, cannot loop here).
 */
export function measureSelectionSet(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  parentType: GraphQLCompositeType | null,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
  visiting: Set<string> = new Set(),
): Measure {
  const total: Measure = { depth: 0, aliases: 0, cost: 0 };
  for (const selection of selectionSet.selections) {
    let inner: Measure;
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      const fieldDef =
        parentType && (isObjectType(parentType) || isInterfaceType(parentType))
          ? parentType.getFields()[name]
          : undefined;
      const introspection = name.startsWith('__');
      const childType = fieldDef ? getNamedType(fieldDef.type) : null;
      const child = selection.selectionSet
        ? measureSelectionSet(
            schema,
            selection.selectionSet,
            childType && 'getFields' in childType ? (childType as GraphQLCompositeType) : null,
            fragments,
            variables,
            visiting,
          )
        : { depth: 0, aliases: 0, cost: 0 };
      let multiplier = 1;
      if (fieldDef && isListType(getNullableType(fieldDef.type))) {
        const sizeArgument = selection.arguments?.find((argument) => SIZE_ARGUMENTS.has(argument.name.value));
        multiplier = sizeOf(sizeArgument?.value, variables) ?? DEFAULT_LIST_SIZE;
      }
      inner = {
        depth: introspection ? 0 : child.depth + (selection.selectionSet ? 1 : 0),
        aliases: child.aliases + (selection.alias ? 1 : 0),
        cost: introspection ? 0 : 1 + multiplier * child.cost,
      };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const typeName = selection.typeCondition?.name.value;
      const type = typeName ? (schema.getType(typeName) as GraphQLCompositeType | undefined) : parentType;
      inner = measureSelectionSet(
        schema,
        selection.selectionSet,
        type ?? null,
        fragments,
        variables,
        visiting,
      );
    } else {
      const fragment = fragments[selection.name.value];
      if (!fragment || visiting.has(fragment.name.value)) continue;
      visiting.add(fragment.name.value);
      const type = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined;
      inner = measureSelectionSet(
        schema,
        fragment.selectionSet,
        type ?? null,
        fragments,
        variables,
        visiting,
      );
      visiting.delete(fragment.name.value);
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.aliases += inner.aliases;
    total.cost += inner.cost;
  }
  return total;
}

/** Depth, aliases and cost of each operation of a document (for the rule below and for tests). */
export function measureDocument(schema: GraphQLSchema, document: DocumentNode): Measure[] {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const measures: Measure[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root =
      definition.operation === 'query'
        ? schema.getQueryType()
        : definition.operation === 'mutation'
          ? schema.getMutationType()
          : schema.getSubscriptionType();
    measures.push(measureSelectionSet(schema, definition.selectionSet, root ?? null, fragments));
  }
  return measures;
}

/** A validation rule refusing operations deeper, more aliased or costlier than GRAPHQL_LIMITS. */
function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    Document(document) {
      for (const measure of measureDocument(context.getSchema(), document)) {
        if (measure.depth > GRAPHQL_LIMITS.maxDepth) {
          context.reportError(
            refused(`The query is nested too deeply (more than ${GRAPHQL_LIMITS.maxDepth}).`),
          );
        }
        if (measure.aliases > GRAPHQL_LIMITS.maxAliases) {
          context.reportError(
            refused(`The query has too many aliases (more than ${GRAPHQL_LIMITS.maxAliases}).`),
          );
        }
        if (measure.cost > GRAPHQL_LIMITS.maxCost) {
          context.reportError(
            refused(`The query asks for too much at once (cost over ${GRAPHQL_LIMITS.maxCost}).`),
          );
        }
      }
      return false;
    },
  };
}

/** graphql-js's NoSchemaIntrospectionCustomRule, answering 400 like the other refusals. */
function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        context.reportError(refused('Introspection is off on this server.'));
      }
    },
  };
}

const JSON_TYPES = ['application/json', 'application/graphql+json'];

function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads a body up to `limit` bytes; null once it passes it. Over HTTP, from Node's request itself
 * (http/read-body.ts says why); a request handed to `yoga.fetch` in the process, from its stream.
 */
async function readLimited(
  request: Request,
  nodeRequest: IncomingMessage | undefined,
  limit: number,
): Promise<string | null> {
  if (nodeRequest) return (await readBodyUpTo(nodeRequest, limit))?.toString('utf8') ?? null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Counts tokens before graphql-js parses anything (its own maxTokens error below is for graphql-ws,
 * and Yoga answers it 200 to `application/json` clients). A lexing error is left to the parser.
 */
function tooManyTokens(query: string): boolean {
  if (withinTokens.has(query)) return false;
  const lexer = new Lexer(new Source(query));
  try {
    for (let count = 0; lexer.advance().kind !== TokenKind.EOF; count += 1) {
      if (count >= GRAPHQL_LIMITS.maxTokens) return true;
    }
  } catch {
    return false;
  }
  if (withinTokens.size >= WITHIN_TOKENS_KEPT) withinTokens.clear();
  withinTokens.add(query);
  return false;
}

/**
 * Query texts already counted within the limit: the web app asks the same few dozen texts over and
 * over, and lexing each again cost every request (a chat room's text is ~5 KB). As many as Yoga's
 * parse cache keeps documents; cleared when full.
 */
const withinTokens = new Set<string>();
const WITHIN_TOKENS_KEPT = 1_000;

async function parseJsonBody(
  request: Request,
  nodeRequest: IncomingMessage | undefined,
): Promise<GraphQLParams | Response> {
  const text = await readLimited(request, nodeRequest, GRAPHQL_LIMITS.maxBodyBytes);
  if (text === null) return refusalResponse(413, 'The request is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refusalResponse(400, 'POST body sent invalid JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return refusalResponse(400, 'POST body is expected to be an object.');
  }
  return body as GraphQLParams;
}

function refusalResponse(status: number, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' },
  });
}

/**
 * The Yoga plugin of GraphQL limits. A POST must be JSON (a page elsewhere can send a form or
 * text/plain without asking, not JSON: part of CSRF protection, decision 0020) and at most
 * maxBodyBytes, counted while reading, so a chunked body without Content-Length is cut as well.
 * The parser stops at maxTokens; validation refuses depth, aliases and cost over their limits, and
 * introspection when `introspection` is false (production).
 */
export function useGraphqlLimits(options: { introspection: boolean }): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, endResponse, serverContext }) {
      let parser = requestParser;
      if (request.method === 'POST') {
        if (!JSON_TYPES.includes(mediaTypeOf(request))) {
          endResponse(refusalResponse(415, 'GraphQL requests must be sent as application/json.'));
          return;
        }
        const declared = Number(request.headers.get('content-length') ?? 0);
        if (declared > GRAPHQL_LIMITS.maxBodyBytes) {
          endResponse(refusalResponse(413, 'The request is too large.'));
          return;
        }
        const nodeRequest = (serverContext as ServerContext).bodyFrom;
        parser = (req) => parseJsonBody(req, nodeRequest);
      }
      if (!parser) return;
      const parse = parser;
      setRequestParser(async (req) => {
        const params = await parse(req);
        if (params instanceof Response) return params;
        for (const one of Array.isArray(params) ? params : [params]) {
          if (typeof one.query === 'string' && tooManyTokens(one.query)) {
            return refusalResponse(400, `The query has more than ${GRAPHQL_LIMITS.maxTokens} tokens.`);
          }
        }
        return params;
      });
    },
    onParse({ setParseFn }) {
      setParseFn((source, parseOptions) =>
        parse(source, { ...parseOptions, maxTokens: GRAPHQL_LIMITS.maxTokens }),
      );
    },
    onValidate({ addValidationRule }) {
      addValidationRule(limitsRule);
      if (!options.introspection) addValidationRule(noIntrospectionRule);
    },
  };
}
