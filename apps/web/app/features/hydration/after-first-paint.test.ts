import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  DEFERRED_ENTRY_ID,
  DEFERRED_PRELOAD_REL,
  DEFERRED_ENTRY_TYPE,
  START_AFTER_FIRST_PAINT,
  START_ON_INTENT,
  deferEntryModule,
} from './after-first-paint.server.ts';

const nonce = 'n0/nce+A==';
const entry = `<script nonce="${nonce}" type="module" async="">import "/assets/a.js";\nimport("/assets/entry.js");</script>`;
const preloads = `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/>`;
const page = `<!DOCTYPE html><html><head>${preloads}</head><body><main>Café ☕ plans</main><script nonce="${nonce}">window.__ctx={}</script>${entry}<script nonce="${nonce}" type="module" async="">import("/other.js")</script></body></html>`;
const expected = page
  .replace(preloads, preloads.replaceAll('"modulepreload"', `"${DEFERRED_PRELOAD_REL}"`))
  .replace(
    entry,
    `<script nonce="${nonce}" type="${DEFERRED_ENTRY_TYPE}" id="${DEFERRED_ENTRY_ID}">import "/assets/a.js";\nimport("/assets/entry.js");</script><script nonce="${nonce}">${START_AFTER_FIRST_PAINT}</script>`,
  );

/** The page through the transform, in these chunks, for the page's nonce (or `{ nonce }`'s). */
async function through(
  chunks: Buffer[],
  options: { nonce: string | undefined; start?: 'on-intent' } = { nonce },
): Promise<string> {
  return text(Readable.from(chunks).pipe(deferEntryModule(options.nonce, options.start)));
}

describe('deferEntryModule', () => {
  it('holds the preloads and the entry module script, and starts them after the first paint', async () => {
    expect(await through([Buffer.from(page)])).toBe(expected);
    expect(expected).not.toContain('rel="modulepreload"');
    expect(expected).toContain('type="module" async="">import("/other.js")');
  });

  it('finds the script however the stream is cut, multi-byte characters included', async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    const byteByByte = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await through(byteByByte)).toBe(expected);
  });

  it('leaves a page without the entry script, or with another nonce, as it was but for its preloads', async () => {
    const plain = '<html><body><p>No scripts</p><script nonce="x">1</script></body></html>';
    expect(await through([Buffer.from(plain)])).toBe(plain);
    const another = await through([Buffer.from(page)], { nonce: 'another' });
    expect(another).toBe(page.replaceAll('"modulepreload"', `"${DEFERRED_PRELOAD_REL}"`));
    // A page without a nonce (no Content-Security-Policy) has its scripts held all the same.
    const bare = (html: string) => html.replaceAll(` nonce="${nonce}"`, '');
    expect(await through([Buffer.from(bare(page))], { nonce: undefined })).toBe(bare(expected));
    // A page cut while it looked like the script's start keeps every byte.
    const unfinished = `<p>a</p><script nonce="${nonce}" type="mod`;
    expect(await through([Buffer.from(unfinished)])).toBe(unfinished);
  });

  it("starts the page's scripts on the visitor's intent when told to, holding the same markup", async () => {
    const onIntent = await through([Buffer.from(page)], { nonce, start: 'on-intent' });
    expect(onIntent).toBe(expected.replace(`>${START_AFTER_FIRST_PAINT}<`, `>${START_ON_INTENT}<`));
    expect(onIntent).not.toContain(START_AFTER_FIRST_PAINT);
    expect(START_ON_INTENT).not.toBe(START_AFTER_FIRST_PAINT);
  });
});
