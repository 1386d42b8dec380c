import { createSchema } from 'graphql-yoga';
import { execute, GraphQLError, parse, Source, type DocumentNode, type ExecutionArgs } from 'graphql';
import { describe, expect, it } from 'vitest';
import { positionOf, useCompiledExecution } from './compiled-execution.ts';

const schema = createSchema({
  typeDefs: `
    type Query { hello(name: String!): String! broken: String }
    type Mutation { touch: Int! }
    type Subscription { ticks: Int! }
  `,
  resolvers: {
    Query: {
      hello: (_: unknown, { name }: { name: string }) => `hello ${name}`,
      broken: () => {
        throw new GraphQLError('Not here.', { extensions: { code: 'NOT_FOUND' } });
      },
    },
    Mutation: { touch: () => 1 },
  },
});
const rootValue = {};

/** Runs the plugin's onExecute as Yoga would and answers the execute function it chose (null: the interpreter). */
function chosen(
  plugin: ReturnType<typeof useCompiledExecution>,
  document: DocumentNode,
  variableValues = {},
) {
  let set: ((args: ExecutionArgs) => unknown) | null = null;
  const args: ExecutionArgs = { schema, document, rootValue, variableValues };
  void plugin.onExecute!({
    args,
    executeFn: execute,
    setExecuteFn: (fn: (args: ExecutionArgs) => unknown) => {
      set = fn;
    },
  } as never);
  return { run: set as ((args: ExecutionArgs) => unknown) | null, args };
}

const quiet = { warn: () => undefined };

describe('useCompiledExecution', () => {
  it('interprets a query’s first execution and compiles the later ones of the same document', async () => {
    const plugin = useCompiledExecution(quiet);
    const document = parse('query ($n: String!) { hello(name: $n) }');
    expect(chosen(plugin, document, { n: 'Ana' }).run).toBeNull();
    const second = chosen(plugin, document, { n: 'Ben' });
    expect(second.run).not.toBeNull();
    expect(await second.run!(second.args)).toEqual({ data: { hello: 'hello Ben' } });
    expect(chosen(plugin, document, { n: 'Cai' }).run).not.toBeNull();
    // Another document object (another query text) starts over.
    expect(chosen(plugin, parse('{ hello(name: "Dee") }')).run).toBeNull();
  });

  it('keeps a string literal data when it is written to close a string and run code', async () => {
    const plugin = useCompiledExecution(quiet);
    const name = String.raw`x"); globalThis.compiledRan = 1; ("` + ' ` ${1} \u2028 </script>';
    const document = parse(`{ hello(name: ${JSON.stringify(name)}) }`);
    chosen(plugin, document);
    const { run, args } = chosen(plugin, document);
    expect(await run!(args)).toEqual({ data: { hello: `hello ${name}` } });
    expect((globalThis as { compiledRan?: number }).compiledRan).toBeUndefined();
  });

  it('never compiles mutations or subscriptions', () => {
    const plugin = useCompiledExecution(quiet);
    for (const text of ['mutation { touch }', 'subscription { ticks }']) {
      const document = parse(text);
      for (let round = 0; round < 3; round += 1) expect(chosen(plugin, document).run).toBeNull();
    }
  });

  it('keeps a field error graphql-js’s own, with its location, path and code', async () => {
    const plugin = useCompiledExecution(quiet);
    const document = parse('{\n  hello(name: "x")\n  broken\n}');
    chosen(plugin, document);
    const { run, args } = chosen(plugin, document);
    const result = (await run!(args)) as { data: unknown; errors: GraphQLError[] };
    expect(result.data).toEqual({ hello: 'hello x', broken: null });
    const [error] = result.errors;
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error!.toJSON()).toEqual({
      message: 'Not here.',
      locations: [{ line: 3, column: 3 }],
      path: ['broken'],
      extensions: { code: 'NOT_FOUND' },
    });
    const interpreted = (await execute(args)) as { errors: GraphQLError[] };
    expect(error!.toJSON()).toEqual(interpreted.errors[0]!.toJSON());
  });

  it('leaves variables that do not fit to the interpreter', async () => {
    const plugin = useCompiledExecution(quiet);
    const document = parse('query ($n: String!) { hello(name: $n) }');
    chosen(plugin, document, { n: 'Ana' });
    const { run, args } = chosen(plugin, document, { n: 7 });
    expect(await run!(args)).toEqual(await execute(args));
  });
});

describe('positionOf', () => {
  it('reverses graphql-js’s line and column over every kind of line end', () => {
    const source = new Source('{\n  a\r\n  b\r  c }');
    for (const [line, column, offset] of [
      [1, 1, 0],
      [2, 3, 4],
      [3, 3, 9],
      [4, 3, 13],
    ] as const) {
      expect(positionOf(source, { line, column })).toBe(offset);
      expect(source.body[offset]).toBe(['{', 'a', 'b', 'c'][line - 1]);
    }
  });
});
