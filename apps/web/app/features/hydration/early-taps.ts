/**
 * A button pressed before the page hydrated (decision 0030): its handler did not exist yet, so the
 * press did nothing. The page's start script (after-first-paint.server.ts) keeps the last such
 * button under EARLY_TAP_KEY until the client entry says hydration began (HYDRATING_KEY, after
 * which React sees and replays presses itself); once the app has hydrated, the button is pressed
 * again (entry.client.tsx). Only `type="button"` buttons: a submit button's form, like a link,
 * works without scripts.
 */
export const EARLY_TAP_KEY = '__plazaEarlyTap';
export const HYDRATING_KEY = '__plazaHydrating';

interface EarlyTapWindow {
  [EARLY_TAP_KEY]?: Element | null;
  [HYDRATING_KEY]?: boolean;
}

/** Page script (inline, before hydration): remembers the last script-only button pressed. */
export const RECORD_EARLY_TAPS = `document.addEventListener('click',(event)=>{if(window.${HYDRATING_KEY})return;const button=event.target instanceof Element?event.target.closest('button[type="button"]'):null;if(button&&!button.disabled)window.${EARLY_TAP_KEY}=button},true);`;

/** Client entry: from now on React hears presses (and replays those made while it hydrates). */
export function markHydrating(): void {
  (window as EarlyTapWindow)[HYDRATING_KEY] = true;
}

/**
 * Once hydrated (after the fields changed before it were told to React, early-input.ts): presses
 * the button pressed before, if it is still there.
 */
export function replayEarlyTap(): void {
  const page = window as EarlyTapWindow;
  const button = page[EARLY_TAP_KEY];
  page[EARLY_TAP_KEY] = null;
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
}
