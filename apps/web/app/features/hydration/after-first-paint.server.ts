import { Transform, type TransformCallback } from 'node:stream';
import { IS_OLDER_BROWSER_EXPRESSION } from '../banners/older-browser.ts';
import { PENDING_TOAST_KEY, SESSION_STORAGE_KEY } from '../session/session-keys.ts';
import { RECORD_CHOSEN_FILES } from './early-input.ts';
import { RECORD_EARLY_TAPS } from './early-taps.ts';
import { SHARE_BEFORE_HYDRATION } from './early-share.ts';

/** The id and type of React Router's entry module script while it waits (the first paint, or the visitor's intent). */
export const DEFERRED_ENTRY_ID = 'plaza-entry';
export const DEFERRED_ENTRY_TYPE = 'text/x-plaza-deferred-module';
/** The `rel` of the page's module preloads while they wait (the browser ignores it). */
export const DEFERRED_PRELOAD_REL = 'x-plaza-modulepreload';

/** Page script: turns the inert preloads back on and runs the waiting entry as a module script. */
const START = `const start=()=>{for(const link of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]'))link.rel='modulepreload';const waiting=document.getElementById(${JSON.stringify(DEFERRED_ENTRY_ID)});if(!waiting)return;const script=document.createElement('script');script.type='module';script.nonce=waiting.nonce;script.textContent=waiting.textContent;document.body.append(script)};`;

/** Page script: `start()` in the frame after the first paint, or at once in a page that paints nothing. */
const START_AFTER_PAINT = `if(document.visibilityState==='hidden')start();else requestAnimationFrame(()=>setTimeout(start,0));`;

/**
 * Runs in the page right after the waiting entry script: once the browser has painted the
 * server's HTML (the frame after `requestAnimationFrame`), the module preloads become preloads
 * again (their fetches start, all at once) and the entry script's text becomes a module script,
 * which imports the route modules and hydrates. A hidden page (a background tab, a prerender)
 * paints nothing, so it starts at once. Until hydration begins, the last script-only button pressed
 * or form submit that needs its script is kept to be made again once the page has hydrated
 * (early-taps.ts), but for a share button, which shares at once (early-share.ts); and each file
 * input whose change was sent is kept, as one whose files React may have to be told of (early-input.ts).
 */
export const START_AFTER_FIRST_PAINT = `(()=>{${SHARE_BEFORE_HYDRATION}${RECORD_EARLY_TAPS}${RECORD_CHOSEN_FILES}${START}${START_AFTER_PAINT}})()`;

/** Set on the page's window while its scripts wait for the visitor's first sign of interaction. */
export const WAITS_FOR_INTENT_KEY = '__plazaWaitsForIntent';

/**
 * What a page's scripts wait for on a page a visitor reads (decision 0033) before they load: an
 * element that needs them, a pointer over it or pressing it, focus reaching it, or a change in it
 * (autofill); or any key (keyboard and switch users). Links, the page's other elements, scrolling
 * and touches that scroll start nothing: links and submit buttons work without scripts.
 */
const INTENT_TARGETS =
  'button,input,select,textarea,summary,label,[contenteditable],[role="button"],[role="switch"],[role="tab"],[role="checkbox"],[role="radio"],[role="combobox"],[role="menuitem"],[role="slider"]';
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'click', 'input', 'change', 'submit'];

/** Page script: true when the app has something to show at once (a toast left by the last page, as after signing out). */
const HAS_PENDING_TOAST = `(()=>{try{return sessionStorage.getItem(${JSON.stringify(PENDING_TOAST_KEY)})!==null}catch{return false}})()`;

/**
 * Runs in the page instead of START_AFTER_FIRST_PAINT on a page a signed-out visitor reads (decision
 * 0033): nothing loads until the visitor's first sign of interaction (INTENT_TARGETS), then the page
 * starts as after its first paint, and what they pressed before it hydrated is pressed again (the
 * early taps and inputs). It starts after the first paint all the same when the address has a
 * fragment (`#signedout`, an anchor), a toast waits to be shown, or the browser is older (its
 * notice): what they show needs the app at once. While it waits, a sign-in in another tab of the
 * browser loads the page again, as the app would (session-layer.tsx).
 */
export const START_ON_INTENT = `(()=>{${SHARE_BEFORE_HYDRATION}${RECORD_EARLY_TAPS}${RECORD_CHOSEN_FILES}${START}if(location.hash||${HAS_PENDING_TOAST}||${IS_OLDER_BROWSER_EXPRESSION}){${START_AFTER_PAINT}return}window.${WAITS_FOR_INTENT_KEY}=true;const events=${JSON.stringify([...INTENT_EVENTS, 'keydown'])};const onSignIn=(event)=>{if(event.key===${JSON.stringify(SESSION_STORAGE_KEY)}&&event.newValue==='signed-in')location.reload()};const onIntent=(event)=>{if(event.type!=='keydown'&&!(event.target instanceof Element&&event.target.closest(${JSON.stringify(INTENT_TARGETS)})))return;for(const type of events)removeEventListener(type,onIntent,true);removeEventListener('storage',onSignIn);window.${WAITS_FOR_INTENT_KEY}=false;start()};for(const type of events)addEventListener(type,onIntent,true);addEventListener('storage',onSignIn)})()`;

/** When a page's scripts start: after its first paint (decision 0030) or on the visitor's intent (0033). */
export type ScriptStart = 'after-first-paint' | 'on-intent';

/** The length of the longest end of `buffer` that begins `pattern` (a match cut by a chunk's end). */
function partialMatchAtEnd(buffer: Buffer, pattern: Buffer): number {
  for (let length = Math.min(pattern.length - 1, buffer.length); length > 0; length--) {
    if (buffer.subarray(buffer.length - length).equals(pattern.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * The page's HTML as React streams it, with React Router's scripts (`<Scripts>`: a
 * `<link rel="modulepreload">` per module of the page, then `<script nonce type="module" async>`
 * importing the route modules and the client entry, which hydrates) held until the browser has
 * painted the page once (decision 0030). Left as they were, the modules were fetched beside the
 * page's first picture and, on a fast connection, ran before the first paint: hydration (tens of
 * milliseconds of a phone's CPU) came before anything was shown, and Lighthouse's simulation counted
 * all of them as blocking the first and largest paints.
 *
 * The preloads keep their place with another `rel`, and the entry script its place (React hydrates
 * it as the same element) with another type, so the browser neither fetches nor runs them; a small
 * script of the same nonce after the entry starts them (START_AFTER_FIRST_PAINT, or START_ON_INTENT
 * when `start` says so). Only what comes before the first such entry script is changed; a page
 * without it passes through unchanged (but for its preloads, which then stay inert: React Router
 * always writes both).
 */
export function deferEntryModule(
  nonce: string | undefined,
  start: ScriptStart = 'after-first-paint',
): Transform {
  // React writes the nonce first when the page has one (React Router spreads it before the type).
  const withNonce = nonce === undefined ? '' : ` nonce="${nonce}"`;
  const preload = Buffer.from('<link rel="modulepreload"');
  const inertPreload = Buffer.from(`<link rel="${DEFERRED_PRELOAD_REL}"`);
  const opening = Buffer.from(`<script${withNonce} type="module" async="">`);
  const waitingOpening = Buffer.from(
    `<script${withNonce} type="${DEFERRED_ENTRY_TYPE}" id="${DEFERRED_ENTRY_ID}">`,
  );
  const closing = Buffer.from('</script>');
  const starter = Buffer.from(
    `<script${withNonce}>${start === 'on-intent' ? START_ON_INTENT : START_AFTER_FIRST_PAINT}</script>`,
  );
  let state: 'opening' | 'closing' | 'done' = 'opening';
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (state === 'done') {
        callback(null, chunk);
        return;
      }
      let buffer = Buffer.concat([held, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const out: Buffer[] = [];
      while (state === 'opening') {
        const preloadAt = buffer.indexOf(preload);
        const openingAt = buffer.indexOf(opening);
        if (preloadAt !== -1 && (openingAt === -1 || preloadAt < openingAt)) {
          out.push(buffer.subarray(0, preloadAt), inertPreload);
          buffer = buffer.subarray(preloadAt + preload.length);
        } else if (openingAt !== -1) {
          out.push(buffer.subarray(0, openingAt), waitingOpening);
          buffer = buffer.subarray(openingAt + opening.length);
          state = 'closing';
        } else break;
      }
      if (state === 'closing') {
        const at = buffer.indexOf(closing);
        if (at !== -1) {
          out.push(buffer.subarray(0, at + closing.length), starter);
          buffer = buffer.subarray(at + closing.length);
          state = 'done';
        }
      }
      // What could be the start of a pattern looked for is held for the next chunk.
      const keep =
        state === 'done'
          ? 0
          : state === 'closing'
            ? partialMatchAtEnd(buffer, closing)
            : Math.max(partialMatchAtEnd(buffer, preload), partialMatchAtEnd(buffer, opening));
      out.push(buffer.subarray(0, buffer.length - keep));
      held = Buffer.from(buffer.subarray(buffer.length - keep));
      callback(null, Buffer.concat(out));
    },
    flush(callback: TransformCallback) {
      callback(null, held);
    },
  });
}
