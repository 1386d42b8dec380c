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
import { isPromise } from './is-promise.ts';
import { keptOn } from '../once-per.ts';

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

/**
 * Results executed once for several subscribers, with their JSON once a first socket needed it
 * (null before): each further subscriber's message splices it in instead of serialising it again.
 */
const sharedOutputs = keptOn<object, string | null>();

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

type Outcome = { result: ExecutionResult; shared: boolean };

/** A shareable event's execution for one document. */
interface SharedSlot {
  /** Its outcome once known: null when the execution failed. */
  outcome?: Outcome | null;
  /** Settles once the outcome is known, while the execution is under way. */
  known?: Promise<void>;
}

/**
 * Shareable events read at once, per token and variant: each document's execution (keyed by the
 * share key, a string kept by the subscription, so a lookup makes no new string).
 */
const sharedResults = keptOn<object, Map<string, Map<string, SharedSlot>>>();

/** The execution of `event` for one subscriber: in a context of its own, with the event's shared scope. */
function ownExecution(
  args: ExecutionArgs,
  event: unknown,
  share: EventShare | undefined,
  count: (execution: EventExecution) => void,
  sharing?: { dependent: boolean },
): ExecutionResult | Promise<ExecutionResult> {
  const contextValue: EventContext = {
    ...(args.contextValue as object),
    ...(share ? { [SHARED_SCOPE]: share.token } : {}),
    ...(sharing ? { [SHARING]: sharing } : {}),
  };
  count('own');
  return execute({ ...args, rootValue: event, contextValue }) as ExecutionResult | Promise<ExecutionResult>;
}

/** Another subscriber's outcome of the same event and document, or this subscriber's own execution. */
function reuseOrOwn(
  found: SharedSlot,
  args: ExecutionArgs,
  event: unknown,
  share: EventShare,
  count: (execution: EventExecution) => void,
): ExecutionResult | Promise<ExecutionResult> {
  if (!found.outcome?.shared) return ownExecution(args, event, share, count);
  count('shared');
  return found.outcome.result;
}

/**
 * Runs one event's selection: in a context of its own (a copy of the subscription's, so the
 * request-scoped loaders start empty for every event and nothing read for an earlier event is
 * served stale), and, for an event others receive too with the same document, once for all of
 * them unless a resolver said its value depends on the viewer. Returns the result itself, not a
 * promise, when it is already there (another subscriber's finished execution, or a selection whose
 * resolvers all answered at once): the direct lane then sends it in the same turn.
 */
function executeEvent(
  args: ExecutionArgs,
  event: unknown,
  key: string | null,
  count: (execution: EventExecution) => void,
): ExecutionResult | Promise<ExecutionResult> {
  // An event others receive too shares its read-once rows (sharedScoped) even when its selection
  // is executed for each subscriber (no key: a field depends on the viewer).
  const share = (event as { [EVENT_SHARE]?: EventShare } | null)?.[EVENT_SHARE];
  if (!share || key === null) return ownExecution(args, event, share, count);
  let variants = sharedResults.get(share.token);
  if (!variants) {
    variants = new Map();
    sharedResults.set(share.token, variants);
  }
  let results = variants.get(share.variant);
  if (!results) {
    results = new Map();
    variants.set(share.variant, results);
  }
  const found = results.get(key);
  if (found) {
    return found.outcome === undefined && found.known
      ? found.known.then(() => reuseOrOwn(found, args, event, share, count))
      : reuseOrOwn(found, args, event, share, count);
  }
  const sharing = { dependent: false };
  const outcomeOf = (result: ExecutionResult): Outcome => {
    if (!sharing.dependent) sharedOutputs.set(result, null);
    return { result, shared: !sharing.dependent };
  };
  const slot: SharedSlot = {};
  results.set(key, slot);
  let executed: ExecutionResult | Promise<ExecutionResult>;
  try {
    executed = ownExecution(args, event, share, count, sharing);
  } catch (error) {
    slot.outcome = null;
    throw error;
  }
  if (!isPromise(executed)) {
    slot.outcome = outcomeOf(executed);
    return executed;
  }
  const settled = executed.then(
    (result) => {
      slot.outcome = outcomeOf(result);
      return result;
    },
    (error: unknown) => {
      slot.outcome = null;
      throw error;
    },
  );
  slot.known = settled.then(
    () => undefined,
    () => undefined,
  );
  return settled;
}

/**
 * Put by graphql-ws.ts in a subscription's context: sends a shared result's JSON as the
 * subscription's next message straight to its socket, or answers false (the socket is closed, the
 * subscription completed, or a slow reader holds too much unsent) and sends nothing.
 */
export const EVENT_SINK = Symbol('eventSink');

export type EventSink = (json: string) => boolean;

/**
 * A source that hands its events to a listener as they come instead of waiting to be pulled
 * (chat-feed.ts's FeedSubscriber); its end (done, or an error) is still what next() answers.
 */
export const PUSH_EVENTS = Symbol('pushEvents');

export interface PushSource {
  [PUSH_EVENTS](listener: (event: unknown) => void): void;
}

function isPushSource(value: unknown): value is PushSource {
  return typeof (value as Partial<PushSource>)[PUSH_EVENTS] === 'function';
}

/**
 * The direct lane (decision 0028) of a subscription whose events can be shared, whose source
 * pushes them and whose socket takes JSON straight (EVENT_SINK): a shared result without errors
 * goes from the source to the socket in the turn its execution finished, without graphql-ws's
 * per-subscription promise chain, envelop's wrapper or a message object of its own. Anything else
 * (a result executed for this subscriber alone, one with errors, a slow reader's) is handed to the
 * consumer (graphql-ws, through envelop) as a pulled event would be, and the lane waits until the
 * consumer asks for the next one: events leave in the order the source gave them, once each.
 */
class DirectLane {
  private readonly queue: unknown[] = [];
  /** An event's execution is on its way. */
  private executing = false;
  /** A result for the consumer that it has not taken yet. */
  private handing: ExecutionResult | null = null;
  /** The consumer took a result and is sending it (until it asks for the next one). */
  private consumerBusy = false;
  private consumer: {
    resolve: (step: IteratorResult<ExecutionResult>) => void;
    reject: (error: unknown) => void;
  } | null = null;
  /** How the source ended, once it has: sent to the consumer after every event before it. */
  private end: { error: unknown } | { done: true } | null = null;
  private closed = false;

  private readonly args: ExecutionArgs;
  private readonly key: string;
  private readonly sink: EventSink;
  private readonly source: AsyncIterator<unknown> & PushSource;
  private readonly count: (execution: EventExecution) => void;
  private readonly located: (error: unknown) => GraphQLError;

  constructor(
    args: ExecutionArgs,
    key: string,
    sink: EventSink,
    source: AsyncIterator<unknown> & PushSource,
    count: (execution: EventExecution) => void,
    located: (error: unknown) => GraphQLError,
  ) {
    this.args = args;
    this.key = key;
    this.sink = sink;
    this.source = source;
    this.count = count;
    this.located = located;
    source[PUSH_EVENTS]((event) => this.push(event));
    void this.watchEnd();
  }

  /** Pulls the source for its end; an event it still answers with (given before the lane listened) joins the queue. */
  private async watchEnd(): Promise<void> {
    try {
      for (;;) {
        const step = await this.source.next();
        if (step.done) {
          // An execution's error (fail) stopped the source: it stays the end.
          this.end ??= { done: true };
          break;
        }
        this.push(step.value);
      }
    } catch (error) {
      this.end ??= { error: this.located(error) };
    }
    this.drain();
  }

  private push(event: unknown): void {
    if (this.closed) return;
    this.queue.push(event);
    this.drain();
  }

  private drain(): void {
    while (!this.closed && !this.executing && !this.handing && !this.consumerBusy) {
      const event = this.queue.shift();
      if (event === undefined) {
        this.finishIfEnded();
        return;
      }
      let executed: ExecutionResult | Promise<ExecutionResult>;
      try {
        executed = executeEvent(this.args, event, this.key, this.count);
      } catch (error) {
        this.fail(error);
        return;
      }
      if (isPromise(executed)) {
        this.executing = true;
        executed.then(
          (result) => {
            this.executing = false;
            this.emit(result);
            this.drain();
          },
          (error: unknown) => {
            this.executing = false;
            this.fail(error);
          },
        );
        return;
      }
      this.emit(executed);
    }
  }

  private emit(result: ExecutionResult): void {
    if (this.closed) return;
    const json = result.errors ? undefined : sharedResultJson(result);
    if (json !== undefined && this.sink(json)) return;
    this.handing = result;
    this.handOver();
  }

  private handOver(): void {
    const consumer = this.consumer;
    const result = this.handing;
    if (!consumer || !result) return;
    this.consumer = null;
    this.handing = null;
    this.consumerBusy = true;
    consumer.resolve({ done: false, value: result });
  }

  /** An execution that threw ends the subscription with its error, after what came before it. */
  private fail(error: unknown): void {
    this.queue.length = 0;
    this.end = { error };
    void this.source.return?.();
    this.finishIfEnded();
  }

  private finishIfEnded(): void {
    const consumer = this.consumer;
    const end = this.end;
    if (!consumer || !end || this.executing || this.handing || this.queue.length > 0) return;
    this.consumer = null;
    this.closed = true;
    if ('error' in end) consumer.reject(end.error);
    else consumer.resolve({ done: true, value: undefined });
  }

  /** The consumer asks for the next result: what it took before has been sent. */
  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.closed) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.consumer = { resolve, reject };
      this.consumerBusy = false;
      if (this.handing) this.handOver();
      else this.drain();
    });
  }

  /** Stopped by the consumer (the client completed, or its socket closed): nothing more is sent. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.handing = null;
    const consumer = this.consumer;
    this.consumer = null;
    consumer?.resolve({ done: true, value: undefined });
    await this.source.return?.();
  }
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
    // As graphql-js does: the source's error, located at the operation.
    const located = (error: unknown): GraphQLError =>
      new GraphQLError(error instanceof Error ? error.message : String(error), {
        originalError: error instanceof Error ? error : undefined,
        nodes: operation ? [operation] : undefined,
      });
    const sink = (args.contextValue as { [EVENT_SINK]?: EventSink } | null)?.[EVENT_SINK];
    const lane =
      key !== null && sink && isPushSource(iterator)
        ? new DirectLane(args, key, sink, iterator, count, located)
        : null;
    const events: AsyncIterableIterator<ExecutionResult> = {
      async next() {
        if (lane) return lane.next();
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch (error) {
          throw located(error);
        }
        if (step.done) return done();
        return { done: false, value: await executeEvent(args, step.value, key, count) };
      },
      async return() {
        if (lane) await lane.close();
        else await iterator.return?.();
        return done();
      },
      async throw(error: unknown) {
        if (lane) await lane.close();
        else await iterator.return?.();
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
