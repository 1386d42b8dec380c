import { Writable } from 'node:stream';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { isClientGone, yogaLogging } from './yoga-logging.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: yogaLogging(createLogger('debug', sink)) };
}

describe('yogaLogging', () => {
  it("writes a resolver's error with its own message, stack and the field's path", () => {
    const { lines, log } = capture();
    const cause = new TypeError("Cannot read properties of undefined (reading 'id')");
    log.error(new GraphQLError('Unexpected error.', { originalError: cause, path: ['myChats', 0, 'id'] }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "Cannot read properties of undefined (reading 'id')",
      path: ['myChats', 0, 'id'],
      err: { type: 'TypeError', message: "Cannot read properties of undefined (reading 'id')" },
    });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain('yoga-logging.unit.test.ts');
  });

  it('writes a plain error, a message and other values as pino lines', () => {
    const { lines, log } = capture();
    log.error(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    log.debug('Parsing request to extract GraphQL parameters');
    log.warn('deprecated', { field: 'x' });
    log.info({ some: 'value' });
    expect(lines).toMatchObject([
      { level: 50, msg: 'connect ECONNREFUSED 127.0.0.1:5432', err: { type: 'Error' } },
      { level: 20, msg: 'Parsing request to extract GraphQL parameters' },
      { level: 40, msg: 'deprecated', arg1: { field: 'x' } },
      { level: 30, arg0: { some: 'value' } },
    ]);
  });

  it('keeps credentials redacted inside what it writes', () => {
    const { lines, log } = capture();
    log.warn('sign-in', { token: 'secret-token' });
    log.info({ password: 'secret-password' });
    expect(lines).toMatchObject([{ arg1: { token: '[redacted]' } }, { arg0: { password: '[redacted]' } }]);
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  it('writes a client that went away as debug, whether Yoga hands it bare or wrapped', () => {
    const { lines, log } = capture();
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    log.error(aborted);
    log.error(new GraphQLError('Unexpected error.', { originalError: aborted }));
    expect(lines.map((line) => line.level)).toEqual([20, 20]);
  });
});

describe('isClientGone', () => {
  it("tells a closed client's body from other failures", () => {
    expect(isClientGone(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isClientGone(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isClientGone(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isClientGone(new Error('aborted'))).toBe(false);
  });
});
