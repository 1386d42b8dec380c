import fc from 'fast-check';
import * as drizzle from 'drizzle-orm';
import { Column, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { chatMembers, chats, groups, messages, plans, users } from './schema/index.ts';
import { compileRowMapper, type JoinsNotNullable, type SelectedField } from './row-mapping.ts';

// The compiled mapper must give what Drizzle's own mapResultRow gives, for every row.

/** Drizzle's own mapping and field order: exported by its runtime, left out of its types. */
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  mapResultRow: (fields: SelectedField[], row: unknown[], joins: JoinsNotNullable) => Record<string, unknown>;
  orderSelectedFields: (fields: Record<string, unknown>) => SelectedField[];
};

const lastSender = alias(users, 'last_sender');

/** Selections shaped as the hottest statements' (the chat list's, a plan card's, a room's state). */
const SELECTIONS = {
  'chat list row': {
    chat: chats,
    lastSeenSeq: chatMembers.lastSeenSeq,
    isHidden: chatMembers.isHidden,
    unreadCount: sql<number>`0`.mapWith(Number).as('unread_count'),
    lastMessage: { id: messages.id, text: messages.text, createdAt: messages.createdAt },
    group: groups,
    membership: sql<unknown>`null`.as('membership'),
    plan: plans,
    other: users,
    sender: lastSender,
    senderTies: {
      followsViewer: sql<boolean>`false`.as('follows'),
      friend: sql<boolean>`false`.as('friend'),
    },
  },
  // db.select().from(users): the table's columns at the top.
  'a table alone': getTableColumns(users),
  'mixed tables under one name': {
    mixed: { id: users.id, title: groups.title, startsAt: plans.startsAt },
    plan: { id: plans.id, title: plans.title },
  },
  'nested objects and expressions': {
    a: { b: { c: groups.id, d: sql<string>`'x'`.as('d') }, e: plans.id },
    count: sql<number>`count(*)`.mapWith(Number),
  },
} as const;

function fieldsOf(selection: Record<string, unknown>): SelectedField[] {
  return orderSelectedFields(selection);
}

/** A value as the driver hands it for a column of this kind. */
function rawValue(field: unknown, seed: number): unknown {
  if (!is(field, Column)) return seed % 2 === 0 ? String(seed) : seed;
  switch (field.dataType) {
    case 'date':
      return new Date(Date.UTC(2026, 10, 1 + (seed % 28), seed % 24)).toISOString();
    case 'number':
      return seed;
    case 'boolean':
      return seed % 2 === 0;
    case 'json':
      return JSON.stringify({ seed });
    case 'array':
      return [String(seed)];
    default:
      return `text ${seed}`;
  }
}

/**
 * Rows where each object (a path's first name) may be wholly missing, as a left join's miss gives
 * it, and any other value may be null.
 */
function rowsFor(fields: SelectedField[]) {
  const objects = [...new Set(fields.map(({ path }) => path[0]!))];
  const tables = [
    ...new Set(fields.flatMap(({ field }) => (is(field, Column) ? [getTableName(field.table)] : []))),
  ];
  return fc.record({
    missing: fc.subarray(objects),
    nulls: fc.array(fc.boolean(), { minLength: fields.length, maxLength: fields.length }),
    seed: fc.nat({ max: 1_000 }),
    joins: fc.option(fc.dictionary(fc.constantFrom(...tables), fc.boolean()), { nil: undefined }),
  });
}

describe('compileRowMapper', () => {
  for (const [name, selection] of Object.entries(SELECTIONS)) {
    it(`maps rows as Drizzle does: ${name}`, () => {
      const fields = fieldsOf(selection);
      const map = compileRowMapper(fields);
      fc.assert(
        fc.property(rowsFor(fields), ({ missing, nulls, seed, joins }) => {
          const row = fields.map(({ path, field }, index) =>
            missing.includes(path[0]!) || nulls[index] ? null : rawValue(field, seed + index),
          );
          const expected = mapResultRow(fields, row, joins);
          expect(map(row, joins)).toStrictEqual(expected);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("nulls a left join's object when its first column is null, unless the join cannot miss", () => {
    const fields = fieldsOf(SELECTIONS['chat list row']);
    const map = compileRowMapper(fields);
    const row = fields.map(({ path, field }, index) => (path[0] === 'group' ? null : rawValue(field, index)));
    expect(map(row, { chat_members: true, groups: false }).group).toBeNull();
    expect(map(row, { chat_members: true, groups: true }).group).toMatchObject({ id: null, title: null });
    expect(map(row, undefined).group).toMatchObject({ id: null });
    expect(map(row, { groups: false }).chat).toMatchObject({ id: expect.any(Number) });
  });
});
