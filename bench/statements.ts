/**
 * SQL statements per request (issue 11): Plaza in this process on the generated world
 * (`npm run bench:seed`), each main query of bench/queries.ts asked through the real HTTP pipeline
 * (yoga.fetch) for 20 seeded people, counted by the store's own counter (countStatements in
 * apps/server/src/db/client.ts) on the second ask (the first also fills caches). Prints the fewest
 * and most statements per query over the people, next to how long their lists were, so a count
 * that follows the list shows. The API test apps/server/test/sql-statements.test.ts asserts the
 * same for 2 and 20 items. `npm run bench:statements`.
 */
import { countStatements } from '../apps/server/src/db/client.ts';
import { openInProcessPlaza } from './support/in-process.ts';
import { queriesOf } from './support/main-queries.ts';

const PEOPLE = 20;
const { world, post, close } = await openInProcessPlaza('statements');
try {
  const rows = [
    '| Query | SQL statements per request (fewest – most over 20 people) | Lengths of the lists answered |',
    '|---|---|---|',
  ];
  for (const { name, ask } of queriesOf(world)) {
    const counts: number[] = [];
    const lengths: number[] = [];
    for (let index = 0; index < PEOPLE; index++) {
      const asked = ask(index * 7);
      await (await post(asked)).text();
      const { result, statements } = await countStatements(async () => (await post(asked)).json());
      const json = result as { data?: Record<string, unknown>; errors?: unknown };
      if (!json.data || json.errors) throw new Error(`${name}: ${JSON.stringify(json.errors).slice(0, 300)}`);
      counts.push(statements);
      // The longest list in the answer: chats, messages, plans, people…
      const longest = (value: unknown): number =>
        Array.isArray(value)
          ? Math.max(value.length, ...value.map(longest))
          : value && typeof value === 'object'
            ? Math.max(0, ...Object.values(value).map(longest))
            : 0;
      lengths.push(longest(json.data));
    }
    rows.push(
      `| ${name} | ${Math.min(...counts)} – ${Math.max(...counts)} | ${Math.min(...lengths)} – ${Math.max(...lengths)} items |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\n${rows.join('\n')}`);
} finally {
  await close();
}
