import { BREAK, Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { badUserInput } from './errors.ts';

/** Text the store cannot keep: the NUL character, or a lone surrogate (not well-formed Unicode). */
function badText(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

/** Whether a variable value holds such text, at any depth. */
function holdsBadText(value: unknown): boolean {
  if (typeof value === 'string') return badText(value);
  if (Array.isArray(value)) return value.some(holdsBadText);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsBadText);
  return false;
}

/** A document's answer, kept while Yoga's parse cache keeps the document (its text never changes). */
const documentsChecked = new WeakMap<DocumentNode, boolean>();

function documentHoldsBadText(document: DocumentNode): boolean {
  const known = documentsChecked.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (!badText(node.value)) return undefined;
      found = true;
      return BREAK;
    },
  });
  documentsChecked.set(document, found);
  return found;
}

/**
 * Refuses, as BAD_USER_INPUT before anything runs, arguments with text PostgreSQL cannot store:
 * the NUL character (U+0000; `text` cannot hold it) and lone UTF-16 surrogates (JSON escapes them
 * as `\udfff`, which `jsonb` refuses). Both used to reach the store and fail there as unexpected
 * errors (found by the mutation fuzzer, test/support/fuzz-mutations.ts: `hideChat(key: "a\u0000b")`,
 * `createPrompt(question: "\udfff\ud800")`).
 */
export function useWellFormedText(): Plugin {
  const check = (args: { document: DocumentNode; variableValues?: unknown }) =>
    holdsBadText(args.variableValues) || documentHoldsBadText(args.document)
      ? { errors: [badUserInput('', 'Text must be valid Unicode without NUL characters.')] }
      : null;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = check(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = check(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
  };
}
