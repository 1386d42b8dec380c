import { describe, expect, it } from 'vitest';
import {
  NAMED_AFTER_USES,
  NAMED_PARAMETERS_MAX,
  NAMED_STATEMENTS_MAX,
  StatementNames,
} from './named-statements.ts';

/** The name a text has after `uses` uses (null while unnamed). */
function after(names: StatementNames, text: string, count: number, uses = NAMED_AFTER_USES): string | null {
  let name: string | null = null;
  for (let use = 0; use < uses; use++) name = names.nameOf(text, count);
  return name;
}

describe('StatementNames', () => {
  it(`names a query at its ${NAMED_AFTER_USES}th use, the same name after, another for another text`, () => {
    const names = new StatementNames();
    const text = 'select "id" from "users" where "id" = $1';
    expect(after(names, text, 1, NAMED_AFTER_USES - 1)).toBeNull();
    const name = names.nameOf(text, 1);
    expect(name).toMatch(/^p[\w-]{22}$/);
    expect(names.nameOf(text, 1)).toBe(name);
    // The same text in another pool (another process) gets the same name.
    expect(after(new StatementNames(), text, 1)).toBe(name);
    expect(after(names, 'select "id" from "users" where "key" = $1', 1)).not.toBe(name);
    expect(after(names, 'WITH x AS (SELECT 1) UPDATE "users" SET "bio" = $1', 1)).toMatch(/^p/);
  });

  it('leaves unnamed what would only fill the connections: no parameters, long lists, DDL, transaction control', () => {
    const names = new StatementNames();
    const cases: Array<[string, number]> = [
      ['select 1', 0],
      ['select "id" from "users" where "id" in ($1, …)', NAMED_PARAMETERS_MAX + 1],
      ['CREATE INDEX "x" ON "users" ("bio")', 1],
      ['begin', 0],
      ['SAVEPOINT s1', 1],
    ];
    for (const [text, count] of cases)
      expect(after(names, text, count, NAMED_AFTER_USES * 2), text).toBeNull();
  });

  it(`names at most ${NAMED_STATEMENTS_MAX} texts; later ones stay unnamed`, () => {
    const names = new StatementNames();
    for (let index = 0; index < NAMED_STATEMENTS_MAX; index++)
      expect(after(names, `select $1::int + ${index}`, 1)).not.toBeNull();
    expect(after(names, 'select $1::int', 1, NAMED_AFTER_USES * 2)).toBeNull();
  });
});
