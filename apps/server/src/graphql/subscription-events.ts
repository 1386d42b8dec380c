import {
  GraphQLError,
  Kind,
  createSourceEventStream,
  execute,
  getNamedType,
  getOperationAST,
  isObjectType,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Put by a subscription's source on an event that other subscribers receive too (decision 0023):
 * `token` is the same object for all of them (a message row read once for a chat's feed), and
 * `variant` tells apart what differs between them at the event level (NEW or EDITED).
 */
export const EVENT_SHARE = Symbol('eventShare');

export interface EventShare {
  token: object;
  variant: string;
}

/** How an event was executed for a subscriber: `shared` reused another subscriber's result. */
export type EventExecution = 'own' | 'shared';

/** Object type extension naming the fields whose value is the same for every viewer. */
export const SHARED_FIELDS = 'sharedAcrossViewers';

/**
 * Object type extension naming the fields that call markViewerDependent before they return anything
 * but null: what they select is then never shared, so it is not looked at.
 */
export const GUARDED_FIELDS = 'sharedWhenNull';

/**
 * The `extensions` of an object type whose `fields` give every viewer the same value, or, where
 * their value can depend on the viewer, say so while resolving (markViewerDependent); `guarded`
 * fields (objects read for the viewer, like a poll with the viewer's votes) mark the event before
 * they return anything but null. A field not listed keeps every subscriber's event executed on its
 * own.
 */
export function sharedAcrossViewers(
  fields: readonly string[],
  guarded: readonly string[] = [],
): { [SHARED_FIELDS]: readonly string[]; [GUARDED_FIELDS]: readonly string[] } {
  return { [SHARED_FIELDS]: fields, [GUARDED_FIELDS]: guarded };
}

/** Subscription field extension: its events may be shared among subscribers (sharedEvents). */
export const SHARED_EVENTS = 'sharedEvents';

/**
 * The `extensions` of a subscription field whose events may be shared among its subscribers: its
 * `resolve` hands on the event as it is, and the source marks shared events with EVENT_SHARE.
 */
export const sharedEvents = { [SHARED_EVENTS]: true } as const;

const SHARED_SCOPE = Symbol('sharedScope');
const SHARING = Symbol('sharing');

interface EventContext {
  [SHARED_SCOPE]?: object;
  [SHARING]?: { dependent: boolean };
}

/**
 * Says that the value being resolved depends on the viewer (a poll's own votes, a plan card's
 * access): the event this execution belongs to is then executed for each subscriber on its own.
 */
export function markViewerDependent(context: object): void {
  const sharing = (context as EventContext)[SHARING];
  if (sharing) sharing.dependent = true;
}

/**
 * The scope of what a subscription event may read once for every subscriber (its share token), or
 * the context itself outside such an event: request-scoped loaders of data that is the same for
 * every viewer key on it (sharedScoped).
 */
export function sharedScopeOf(context: object): object {
  return (context as EventContext)[SHARED_SCOPE] ?? context;
}

/**
 * A copy of `context` whose shared-scope loaders (sharedScoped) are those of `token`: what a
 * subscription's source reads for an event that several subscribers receive (the token) is read
 * once for all of them.
 */
export function withSharedScope<T extends object>(context: T, token: object): T {
  return { ...context, [SHARED_SCOPE]: token };
}

/** Shareable events read at once, per token: each document's result, or the pending execution. */
const sharedResults = new WeakMap<
  object,
  Map<string, Promise<{ result: ExecutionResult; shared: boolean }>>
>();

/**
 * Results executed once for several subscribers, with their JSON once a first socket needed it
 * (null before): each further subscriber's message splices it in instead of serialising it again.
 */
const sharedOutputs = new WeakMap<object, string | null>();

/**
 * The JSON of a result executed once for several subscribers (made on the first call), or
 * undefined for any other value: graphql-ws then serialises it as it does every result.
 */
export function sharedResultJson(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const json = sharedOutputs.get(result);
  if (json !== null) return json;
  const made = JSON.stringify(result);
  sharedOutputs.set(result, made);
  return made;
}

const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 1;

function variablesIn(value: ValueNode, into: Set<string>): void {
  if (value.kind === Kind.VARIABLE) into.add(value.name.value);
  else if (value.kind === Kind.LIST) for (const item of value.values) variablesIn(item, into);
  else if (value.kind === Kind.OBJECT) for (const field of value.fields) variablesIn(field.value, into);
}

/**
 * Whether every field selected under the subscription's root field is listed as the same for every
 * viewer or guarded (sharedAcrossViewers), following fragments; the variables those selections use
 * go into `used`. Abstract types are not followed: their selections are never shared.
 */
function selectionShared(
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  used: Set<string>,
): boolean {
  const listed = new Set((type.extensions[SHARED_FIELDS] as readonly string[] | undefined) ?? []);
  const guarded = new Set((type.extensions[GUARDED_FIELDS] as readonly string[] | undefined) ?? []);
  for (const selection of selectionSet.selections) {
    for (const directive of selection.directives ?? [])
      for (const argument of directive.arguments ?? []) variablesIn(argument.value, used);
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name === '__typename' || guarded.has(name)) continue;
      if (!listed.has(name)) return false;
      for (const argument of selection.arguments ?? []) variablesIn(argument.value, used);
      if (!selection.selectionSet) continue;
      const fieldType = getNamedType(type.getFields()[name]!.type);
      if (!isObjectType(fieldType) || !selectionShared(fieldType, selection.selectionSet, fragments, used))
        return false;
    } else {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) return false;
      const condition = fragment.typeCondition?.name.value;
      if (condition !== undefined && condition !== type.name) return false;
      if (!selectionShared(type, fragment.selectionSet, fragments, used)) return false;
    }
  }
  return true;
}

/**
 * The key of the subscription's event document (the document, the operation and the values of the
 * variables under its root field), or null when its events cannot be shared: the root field's
 * result is then executed for each subscriber.
 */
function shareKeyOf(
  args: ExecutionArgs,
  operation: OperationDefinitionNode | null | undefined,
): string | null {
  const root = args.schema.getSubscriptionType();
  if (!operation || !root || operation.selectionSet.selections.length !== 1) return null;
  const [field] = operation.selectionSet.selections;
  if (field?.kind !== Kind.FIELD || field.directives?.length || !field.selectionSet) return null;
  const rootField = root.getFields()[field.name.value];
  if (rootField?.extensions[SHARED_EVENTS] !== true) return null;
  const eventType = getNamedType(rootField.type);
  if (!isObjectType(eventType)) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of args.document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const used = new Set<string>();
  if (!selectionShared(eventType, field.selectionSet, fragments, used)) return null;
  let documentId = documentIds.get(args.document);
  if (documentId === undefined) {
    documentId = nextDocumentId++;
    documentIds.set(args.document, documentId);
  }
  const values = [...used].sort().map((name) => [name, args.variableValues?.[name] ?? null]);
  return `${documentId}:${args.operationName ?? ''}:${JSON.stringify(values)}`;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * Runs one event's selection: in a context of its own (a copy of the subscription's, so the
 * request-scoped loaders start empty for every event and nothing read for an earlier event is
 * served stale), and, for an event others receive too with the same document, once for all of
 * them unless a resolver said its value depends on the viewer.
 */
async function executeEvent(
  args: ExecutionArgs,
  event: unknown,
  key: string | null,
  count: (execution: EventExecution) => void,
): Promise<ExecutionResult> {
  // An event others receive too shares its read-once rows (sharedScoped) even when its selection
  // is executed for each subscriber (no key: a field depends on the viewer).
  const share = (event as { [EVENT_SHARE]?: EventShare } | null)?.[EVENT_SHARE];
  const own = async (sharing?: { dependent: boolean }): Promise<ExecutionResult> => {
    const contextValue: EventContext = {
      ...(args.contextValue as object),
      ...(share ? { [SHARED_SCOPE]: share.token } : {}),
      ...(sharing ? { [SHARING]: sharing } : {}),
    };
    count('own');
    return execute({ ...args, rootValue: event, contextValue });
  };
  if (!share || key === null) return own();
  let results = sharedResults.get(share.token);
  if (!results) {
    results = new Map();
    sharedResults.set(share.token, results);
  }
  const slot = `${key}\n${share.variant}`;
  const found = results.get(slot);
  if (found) {
    const outcome = await found.catch(() => null);
    if (!outcome?.shared) return own();
    count('shared');
    return outcome.result;
  }
  const sharing = { dependent: false };
  const pending = own(sharing).then((result) => {
    if (!sharing.dependent) sharedOutputs.set(result, null);
    return { result, shared: !sharing.dependent };
  });
  results.set(slot, pending);
  return (await pending).result;
}

/**
 * Subscriptions execute each event in a context of their own, and share one execution among the
 * subscribers of an event where the selected fields are the same for every viewer (decision 0023):
 * a message to a group of 2,000 is then executed and serialised once rather than 2,000 times.
 */
export function useSubscriptionEvents(count: (execution: EventExecution) => void = () => {}): Plugin {
  const subscribe = async (
    args: ExecutionArgs,
  ): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const source = await createSourceEventStream(args);
    if (!isAsyncIterable(source)) return source;
    const operation = getOperationAST(args.document, args.operationName);
    const key = shareKeyOf(args, operation);
    const iterator = source[Symbol.asyncIterator]();
    const done = (): IteratorResult<ExecutionResult> => ({ done: true, value: undefined });
    const events: AsyncIterableIterator<ExecutionResult> = {
      async next() {
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch (error) {
          // As graphql-js does: the source's error, located at the operation.
          throw new GraphQLError(error instanceof Error ? error.message : String(error), {
            originalError: error instanceof Error ? error : undefined,
            nodes: operation ? [operation] : undefined,
          });
        }
        if (step.done) return done();
        return { done: false, value: await executeEvent(args, step.value, key, count) };
      },
      async return() {
        await iterator.return?.();
        return done();
      },
      async throw(error: unknown) {
        await iterator.return?.();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return events;
      },
    };
    return events;
  };
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(subscribe as never);
    },
  };
}
