/**
 * The baseline of bench/queries.ts: GraphQL Yoga on Node's HTTP server with a one-field schema that
 * answers a constant, in its own process (`node bench/support/bare-yoga.ts <port>`). What a request
 * costs with no Plaza in it: HTTP, parsing, validation and execution of the smallest query.
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const port = Number(process.argv[2] ?? 3451);
const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
  }),
  logging: false,
  graphiql: false,
  // As Plaza's (graphql/create-yoga.ts): Yoga's own body limit pipes every body through a web
  // stream, which alone cost this baseline a third more CPU a request and promoted 2.5-5.6 MB a
  // young collection (bench/README.md, ninth 2026-12-06 session).
  maxRequestBodySize: false,
});
createServer(yoga).listen(port, '127.0.0.1', () => console.log(`bare yoga on ${port}`));
