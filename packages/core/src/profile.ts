/**
 * The form of what a person writes about themselves. Names are what others see beside every
 * message, so they are kept short and free of control characters; the bio is a few lines.
 */
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 300;
export const OLDEST_BIRTHDAY = '1900-01-01';

export type TextCheck = { valid: true; value: string } | { valid: false; message: string };

// Control and invisible formatting characters (bidi overrides, zero-width joiners…) make names spoof others.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function collapseSpaces(input: string): string {
  return input.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** A first name: required, at most 50 characters, spaces collapsed. */
export function checkFirstName(input: string): TextCheck {
  const value = collapseSpaces(input);
  if (value === '') return { valid: false, message: 'Enter your first name.' };
  if (INVISIBLE.test(value)) return { valid: false, message: 'A name cannot hold control characters.' };
  if ([...value].length > NAME_MAX_LENGTH)
    return { valid: false, message: `A name has at most ${NAME_MAX_LENGTH} characters.` };
  return { valid: true, value };
}

/** A last name: may be empty, at most 50 characters, spaces collapsed. */
export function checkLastName(input: string): TextCheck {
  const value = collapseSpaces(input);
  if (value === '') return { valid: true, value };
  return checkFirstName(value);
}

/** A bio: at most 300 characters, line breaks kept, other control characters refused. */
export function checkBio(input: string): TextCheck {
  const value = input.normalize('NFC').trim().replace(/\r\n?/g, '\n');
  if (/[\p{Cf}\p{Zl}\p{Zp}]|[^\P{Cc}\n]/u.test(value))
    return { valid: false, message: 'A bio cannot hold control characters.' };
  if ([...value].length > BIO_MAX_LENGTH)
    return { valid: false, message: `A bio has at most ${BIO_MAX_LENGTH} characters.` };
  return { valid: true, value };
}

/** A birthday as YYYY-MM-DD: a real calendar date, not before 1900 and not after `today`. */
export function checkBirthday(input: string, today: Date = new Date()): TextCheck {
  const value = input.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== value) {
    return { valid: false, message: 'Enter a date as YYYY-MM-DD.' };
  }
  if (value < OLDEST_BIRTHDAY || value > today.toISOString().slice(0, 10)) {
    return { valid: false, message: 'Enter your real birthday.' };
  }
  return { valid: true, value };
}

/** The name people see: first and last joined, or the username when both are empty. */
export function fullName(first: string, last: string, username = ''): string {
  return [first, last].filter((part) => part.trim() !== '').join(' ') || username;
}
