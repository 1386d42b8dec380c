import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { newPerson } from './support/people.ts';

// A query keeps the viewer's row it read with the session for the rest of the request
// (query-contexts.ts, require-viewer-user.ts); a mutation's later fields must see what it changed.
// (The one-read-per-query side is sql-statements.test.ts's "is read once per query".)

let t: TestPlaza;
beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

describe('the viewer’s row within one operation', () => {
  it('is read again by a mutation’s later field after an earlier one changed it', async () => {
    const ana = await newPerson(t, 'Ana');
    const changed = await t.gql<{ renamed: { first: string }; unchanged: { first: string } }>(
      `mutation {
        renamed: updateProfile(user: { first: "Annabel" }) { first }
        unchanged: updateProfile(user: {}) { first }
      }`,
      {},
      ana.headers,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data).toEqual({ renamed: { first: 'Annabel' }, unchanged: { first: 'Annabel' } });
    const read = await t.gql<{ myself: { user: { first: string } } }>(
      '{ myself { user { first } } }',
      {},
      ana.headers,
    );
    expect(read.data!.myself.user.first).toBe('Annabel');
  });
});
