import type { Logger } from '../logger.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * A request whose client went away before its body arrived: Node's server fails the body's stream
 * with `aborted` (ECONNRESET) when the socket closes. Nothing on the server went wrong.
 */
export function isClientGone(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return error.name === 'AbortError' || (error.message === 'aborted' && code === 'ECONNRESET');
}

/** A GraphQL error's cause (a resolver's own error), which pino's serializer does not follow. */
function causeOf(error: Error): Error {
  const original = (error as { originalError?: unknown }).originalError;
  return original instanceof Error ? original : error;
}

/**
 * Yoga's log calls as pino lines: a message as the line's `msg`, an error under `err` (pino writes
 * its type, message and stack; a GraphQL error's own cause in its place, with the field's `path`),
 * any other value under `arg0`, `arg1`… (one level down, where the logger's redaction of tokens,
 * codes and secrets reaches). A client that went away mid-request is a debug line, not an error.
 */
export function yogaLogging(logger: Logger): Record<Level, (...args: unknown[]) => void> {
  const write =
    (level: Level) =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      const extra = Object.fromEntries(rest.map((value, index) => [`arg${index + 1}`, value]));
      if (first instanceof Error) {
        const cause = causeOf(first);
        if (isClientGone(cause)) {
          logger.debug({ ...extra, err: cause }, 'request ended by its client before its body arrived');
          return;
        }
        const path = (first as { path?: unknown }).path;
        logger[level]({ ...extra, err: cause, ...(path ? { path } : {}) }, cause.message);
      } else if (typeof first === 'string') {
        logger[level](extra, first);
      } else {
        logger[level]({ arg0: first, ...extra });
      }
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
