/**
 * What a person typed, ticked or chose in the server's HTML before React took the page over.
 *
 * Between the first paint and hydration the page's fields answer natively. React 19 leaves such a
 * field's value alone while hydrating, but the component's state still holds the server's value:
 * the next render of a controlled field puts that back (the change is lost on screen), and a switch
 * that saves on change never saved (the change is lost for good). Browser autofill and form
 * restoration land in the same window. Once hydrated, each changed field is told to React as the
 * person's own change, so every form's state, and every save-on-change, follows what is on screen.
 */

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type EarlyInput =
  | { element: HTMLInputElement; checked: boolean }
  | { element: HTMLInputElement; files: true }
  | { element: HTMLInputElement | HTMLTextAreaElement; value: string }
  | { element: HTMLSelectElement; selected: boolean[] };

/**
 * The window's set of file inputs whose `change` has been dispatched (RECORD_CHOSEN_FILES). A file
 * input's files are set before its change event, which the browser sends in a task of its own: one
 * hydration's commit can come between, and the files found on the field then are ones React hears
 * of by that event, not ones to tell it of (told, the photo was uploaded twice). A browser restores
 * no file input's files, so a file input counts as chosen before hydration only by its event.
 */
export const CHOSEN_FILES_KEY = '__plazaChosenFiles';

/** Page script (inline, before hydration): keeps each file input whose change was sent (CHOSEN_FILES_KEY). */
export const RECORD_CHOSEN_FILES = `{const chosen=new WeakSet();window.${CHOSEN_FILES_KEY}=chosen;addEventListener('change',(event)=>{const field=event.target;if(field instanceof HTMLInputElement&&field.type==='file')chosen.add(field)},true)}`;

function wasChosen(field: HTMLInputElement): boolean {
  const chosen = (window as { [CHOSEN_FILES_KEY]?: WeakSet<Element> })[CHOSEN_FILES_KEY];
  return chosen?.has(field) === true;
}

/** Inputs a person cannot change by typing or ticking (a file input is chosen, below). */
const UNCHANGEABLE_TYPES = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image']);

/**
 * The fields whose state differs from the one their HTML gave them (the `value`, `checked` and
 * `selected` attributes, which React keeps as the rendered value). For a group of radios, only
 * the one now chosen counts: choosing it unticked the other.
 */
export function takeEarlyInput(root: ParentNode): EarlyInput[] {
  const changed: EarlyInput[] = [];
  for (const element of root.querySelectorAll<FormControl>('input, textarea, select')) {
    if (element.disabled) continue;
    if (element instanceof HTMLSelectElement) {
      const options = [...element.options];
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        changed.push({ element, selected: options.map((option) => option.selected) });
      }
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) changed.push({ element, value: element.value });
    } else if (element.type === 'checkbox' || element.type === 'radio') {
      if (element.checked === element.defaultChecked) continue;
      if (element.type === 'radio' && !element.checked) continue;
      changed.push({ element, checked: element.checked });
    } else if (element.type === 'file') {
      // Files chosen stay on the element React takes over; only the event never reached it.
      if ((element.files?.length ?? 0) > 0 && wasChosen(element)) changed.push({ element, files: true });
    } else if (!UNCHANGEABLE_TYPES.has(element.type) && element.value !== element.defaultValue) {
      changed.push({ element, value: element.value });
    }
  }
  return changed;
}

/** Selects and file inputs whose `change` React has heard since it began to hydrate the page. */
const heardByReact = new WeakSet<Element>();

/**
 * Called just before the root is created: from then on, a select's or a file input's `change` that
 * reaches its field is one React hears. React hears such a change whatever it last saw of the field
 * (no value tracker), and one made while the page hydrates makes React finish hydrating at once and
 * hear it, unless the hydration cannot finish yet: then React stops the event on the document, before
 * it reaches the field. Told of a change again, a save-on-change would save twice and a photo would
 * be uploaded twice. A text box, checkbox or radio needs no such care: hydrating, React took its
 * value as it found it, so it heard no change made before, and told of one it has heard, it sees
 * nothing new.
 *
 * The change is marked heard where it reaches the field, before React's handler runs on the way back
 * up, not on the window after it: a person's own change runs the page's microtasks between one
 * listener and the next, and React's handler, its update rendered at once, may run the hydration's
 * passive effects first (KeepEarlyInput), whose microtask would tell the early input before the
 * change reached the window.
 */
export function watchChangesReactHears(): void {
  const markHeard = (event: Event) => {
    if (event.eventPhase === Event.AT_TARGET && event.target instanceof Element)
      heardByReact.add(event.target);
  };
  window.addEventListener(
    'change',
    (event) => {
      const field = event.target;
      if (field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === 'file'))
        field.addEventListener('change', markHeard, { capture: true, once: true });
    },
    { capture: true },
  );
}

/**
 * Tells React of each change as the events a person's own change fires: a click for a checkbox or
 * radio, `input` for text, `change` for a select or a file input. React fires a field's onChange only when the DOM's
 * value differs from the last one it saw (its value tracker, updated through the element's own
 * `value` / `checked` setter), so the field is first set to the opposite state through that setter,
 * then to the person's through the prototype's, bypassing it.
 */
export function replayEarlyInput(changes: readonly EarlyInput[]): void {
  for (const change of changes) {
    if (!change.element.isConnected || change.element.disabled || heardByReact.has(change.element)) continue;
    if ('checked' in change) {
      // The click toggles a checkbox and ticks a radio: start from the state before the change.
      change.element.checked = !change.checked;
      change.element.click();
    } else if ('files' in change) {
      // React hears a file input's native change event, with no value of its own to compare.
      change.element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if ('value' in change) {
      const input = change.element;
      // The rendered value (React keeps it as the default); when that is already the person's, the
      // state holds it too and the event changes nothing.
      input.value = input.defaultValue;
      const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
      Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(input, change.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      const select = change.element;
      [...select.options].forEach((option, index) => (option.selected = change.selected[index] ?? false));
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}
