/**
 * A press or a submit made before the page hydrated (decision 0030). The page's start script
 * (after-first-paint.server.ts) keeps the last one under EARLY_TAP_KEY until the client entry says
 * hydration began (HYDRATING_KEY, after which React sees and replays events itself); once the app
 * has hydrated, it is made again (entry.client.tsx):
 * - a `type="button"` button, whose handler did not exist yet, so the press did nothing;
 * - a form that must not submit natively: one without `action` (its native submit reloads the page
 *   with the fields in the address) or one marked SUBMIT_AFTER_HYDRATION (its handler asks first, as
 *   a confirmation does, or it is a fetcher's form, whose outcome shows in the page that sent it:
 *   every fetcher's form is marked, early-taps.test.ts). Its native submit is stopped and the form
 *   is submitted again, by the same button, once hydrated.
 * Other submit buttons, like links, work without scripts.
 */
export const EARLY_TAP_KEY = '__plazaEarlyTap';
export const HYDRATING_KEY = '__plazaHydrating';
/**
 * Set once the app has hydrated: the hydration committed, its effects ran and what was pressed or
 * typed before was told to it (entry.client.tsx). The browser tests wait for it (a hydrated element
 * alone says only that React reached it, not that the page's effects, such as taking a waiting
 * toast, have run).
 */
export const HYDRATED_KEY = '__plazaHydrated';
/** The attribute of a form whose submit needs its script (`<form data-submit-after-hydration="">`). */
export const SUBMIT_AFTER_HYDRATION = 'data-submit-after-hydration';
/**
 * The attribute of a text box whose Enter (without Shift) submits its form, as a chat's composer
 * does (`<textarea data-enter-submits="">`): before hydration, Enter there is held as that form's
 * submit instead of typing a new line.
 */
export const ENTER_SUBMITS = 'data-enter-submits';

/**
 * Set, with `aria-busy="true"`, on the button pressed (or the form submitted) while it waits for the
 * page's scripts, so the press shows it was taken (app.css) until it is made again.
 */
export const EARLY_PRESSED = 'data-early-pressed';

/** What was pressed, and the element that shows it waits (EARLY_PRESSED). */
type EarlyTap = ({ button: Element } | { form: Element; submitter: Element | null }) & { shown: Element };

interface EarlyTapWindow {
  [EARLY_TAP_KEY]?: EarlyTap | null;
  [HYDRATING_KEY]?: boolean;
  [HYDRATED_KEY]?: boolean;
}

/**
 * Page script (inline, before hydration): remembers the last script-only press or submit (an Enter
 * in a text box marked ENTER_SUBMITS counts as its form's submit).
 */
export const RECORD_EARLY_TAPS =
  `const keep=(tap)=>{const before=window.${EARLY_TAP_KEY};if(before){before.shown.removeAttribute('${EARLY_PRESSED}');before.shown.removeAttribute('aria-busy')}window.${EARLY_TAP_KEY}=tap;tap.shown.setAttribute('${EARLY_PRESSED}','');tap.shown.setAttribute('aria-busy','true')};` +
  `document.addEventListener('click',(event)=>{if(window.${HYDRATING_KEY})return;const button=event.target instanceof Element?event.target.closest('button[type="button"]'):null;if(button&&!button.disabled)keep({button,shown:button})},true);` +
  `document.addEventListener('submit',(event)=>{if(window.${HYDRATING_KEY})return;const form=event.target;if(!(form instanceof HTMLFormElement)||(form.hasAttribute('action')&&!form.hasAttribute('${SUBMIT_AFTER_HYDRATION}')))return;event.preventDefault();keep({form,submitter:event.submitter,shown:event.submitter||form})},true);` +
  `document.addEventListener('keydown',(event)=>{if(window.${HYDRATING_KEY}||event.key!=='Enter'||event.shiftKey||event.isComposing)return;const box=event.target;if(!(box instanceof HTMLTextAreaElement)||!box.hasAttribute('${ENTER_SUBMITS}')||!box.form)return;event.preventDefault();keep({form:box.form,submitter:null,shown:box.form.querySelector('button[type="submit"]')||box})},true);`;

/** Client entry: from now on React hears presses and submits (and replays those made while it hydrates). */
export function markHydrating(): void {
  (window as EarlyTapWindow)[HYDRATING_KEY] = true;
}

/** Client entry: the app has hydrated and made again what was pressed before (HYDRATED_KEY). */
export function markHydrated(): void {
  (window as EarlyTapWindow)[HYDRATED_KEY] = true;
}

/** Whether markHydrated has run: the fields typed before hydration have been told to React. */
export function isHydrated(): boolean {
  return (window as EarlyTapWindow)[HYDRATED_KEY] === true;
}

/**
 * Once hydrated (after the fields changed before it were told to React, early-input.ts): presses
 * the button pressed before, or submits the form submitted before (by the same button), if it is
 * still there.
 */
export function replayEarlyTap(): void {
  const page = window as EarlyTapWindow;
  const tap = page[EARLY_TAP_KEY];
  page[EARLY_TAP_KEY] = null;
  if (!tap) return;
  tap.shown.removeAttribute(EARLY_PRESSED);
  tap.shown.removeAttribute('aria-busy');
  if ('button' in tap) {
    if (tap.button instanceof HTMLButtonElement && tap.button.isConnected && !tap.button.disabled)
      tap.button.click();
    return;
  }
  const { form, submitter } = tap;
  if (!(form instanceof HTMLFormElement) || !form.isConnected) return;
  if (submitter === null) {
    form.requestSubmit();
    return;
  }
  // A button gone or turned off since means the page no longer offers what was asked.
  const usable =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.isConnected &&
    submitter.form === form &&
    !submitter.disabled;
  if (usable) form.requestSubmit(submitter);
}
