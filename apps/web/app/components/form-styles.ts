/** One look for every text field of Plaza's forms: a 48 px field, and its label above it. */
export const INPUT_CLASS =
  'h-12 w-full rounded-2xl border-2 border-line bg-white px-4 text-base text-ink placeholder:text-ink-soft/70 focus:border-coral-strong focus:outline-none aria-[invalid=true]:border-coral-strong';

/** The same field without the fixed height, for text areas and fields that set their own. */
export const FIELD_CLASS = INPUT_CLASS.replace('h-12 ', '');

export const LABEL_CLASS = 'mb-1.5 block text-sm font-bold text-ink';
