import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection left live, in percent
 * (decision 0050). Left to itself, V8 sized the limit from the old generation's slow growth at the
 * least it allows (what was live plus a few megabytes, with room for a young collection's survivors
 * kept), and under a steady load of requests it then ran a full collection every half second to
 * second, in place of young ones, marking the 65-70 MB live each time.
 */
export const HEAP_GROWING_PERCENT = 300;

/**
 * How many calls of a function (scaled by V8 to its size) before V8 compiles it with TurboFan, its
 * optimizing compiler: a tenth of V8's 3,000 (decision 0053). At V8's own count the functions a
 * request runs once (the HTTP and GraphQL pipeline, each query's resolvers) reached it together,
 * a minute or more into a steady load, and two processes compiled 130 of them each in the same
 * two seconds (1.7 s of compiling on two cores already busy): the main queries' slowest answers.
 * At a tenth they are compiled in the first seconds of load, and answered as fast after.
 */
export const TURBOFAN_INVOCATIONS = 300;

/**
 * The V8 flags the server sets at its start (decisions 0050, 0052 and 0053), each as V8 spells it
 * and the name an operator's own setting of it starts with on the node command line, which wins:
 * - the old generation's growth (`node --heap-growing-percent=N apps/server/src/main.ts`);
 * - no allocation-site pretenuring: V8 otherwise learns, from a burst of requests that outlive a
 *   young collection or two (a queue at the start, a pause of the database), to allocate the
 *   objects of those allocation sites in the old generation at once. A request's objects made there
 *   die with it but only a full collection frees them, and until one does they hold every young
 *   object they point to through each young collection: searches then moved 5 MB of finished
 *   requests to the old generation at every young collection, for good (decision 0052);
 * - TurboFan's call count (TURBOFAN_INVOCATIONS).
 */
const FLAGS: ReadonlyArray<{ flag: string; own: RegExp }> = [
  { flag: `--heap-growing-percent=${HEAP_GROWING_PERCENT}`, own: /^--heap[-_]growing[-_]percent(?:=|$)/ },
  { flag: '--no-allocation-site-pretenuring', own: /^--(?:no[-_])?allocation[-_]site[-_]pretenuring(?:=|$)/ },
  {
    flag: `--invocation-count-for-turbofan=${TURBOFAN_INVOCATIONS}`,
    own: /^--invocation[-_]count[-_]for[-_]turbofan(?:=|$)/,
  },
];

/** The V8 flags the server sets at its start, less those the command line sets itself. */
export function v8Flags(execArgv: readonly string[] = process.execArgv): string[] {
  return FLAGS.filter(({ own }) => !execArgv.some((arg) => own.test(arg))).map(({ flag }) => flag);
}

/**
 * Sets the server's V8 flags, before its modules load: V8 reads the heap growth after every full
 * collection, whether to pretenure at every young one and TurboFan's call count whenever a
 * function's budget runs out, so all hold from now on.
 */
export function tuneV8(): void {
  for (const flag of v8Flags()) setFlagsFromString(flag);
}
