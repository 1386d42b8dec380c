import type { GraphQLResult } from '../context.ts';

/** What a form needs from a mutation's answer: success, or the first error's code, field and text. */
export type MutationOutcome =
  { ok: true } | { ok: false; code: string | null; field: string | null; message: string };

export function mutationOutcome(result: GraphQLResult<unknown>): MutationOutcome {
  const error = result.errors?.[0];
  if (!error) return { ok: true };
  const code = error.extensions?.code;
  const field = error.extensions?.field;
  return {
    ok: false,
    code: typeof code === 'string' ? code : null,
    field: typeof field === 'string' ? field : null,
    message: error.message,
  };
}

/** The message to show beside a field, when the server named that field as the problem. */
export function fieldErrorOf(outcome: MutationOutcome, field: string): string | null {
  return !outcome.ok && outcome.code === 'BAD_USER_INPUT' && outcome.field === field ? outcome.message : null;
}
