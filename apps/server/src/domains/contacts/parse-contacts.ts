import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { normalizePhone } from '@plaza/core/phone';

export const CONTACT_FORMATS = ['VCARD', 'CSV'] as const;
export type ContactFormat = (typeof CONTACT_FORMATS)[number];

/** Largest file accepted, in characters, and most contacts in one file. */
export const CONTACT_FILE_MAX_CHARS = 1_000_000;
export const CONTACT_FILE_MAX_CONTACTS = 5_000;

export interface ParsedContact {
  fullName: string;
  email: string | null;
  phone: string | null;
}

export interface ContactRowError {
  /** 1-based line of the file where the bad row starts. */
  line: number;
  message: string;
}

export interface ParsedContacts {
  contacts: ParsedContact[];
  errors: ContactRowError[];
}

const emailSchema = z.email().max(254);

/** The first usable address and number among those given; an unusable one alone is an error. */
function contactFrom(
  line: number,
  fullName: string,
  emails: string[],
  phones: string[],
): ParsedContact | ContactRowError {
  const email =
    emails.map((e) => e.trim().toLowerCase()).find((e) => emailSchema.safeParse(e).success) ?? null;
  const phone = phones.map((p) => normalizePhone(p)?.e164).find((p) => p !== undefined) ?? null;
  if (!email && !phone) {
    const given = emails.length + phones.length > 0;
    return {
      line,
      message: given ? 'No valid e-mail address or phone number.' : 'No e-mail address or phone number.',
    };
  }
  return { fullName: fullName.trim().slice(0, 200), email, phone };
}

function isError(value: ParsedContact | ContactRowError): value is ContactRowError {
  return 'message' in value;
}

const HEADER_ALIASES: Record<'name' | 'first' | 'last' | 'email' | 'phone', string[]> = {
  name: ['name', 'full name', 'fullname', 'display name'],
  first: ['first', 'first name', 'given name'],
  last: ['last', 'last name', 'family name', 'surname'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'e-mail 1 - value'],
  phone: ['phone', 'phone number', 'mobile', 'mobile phone', 'phone 1 - value', 'tel'],
};

function parseCsv(text: string): ParsedContacts {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    throw new ContactFileError(`The CSV file could not be read: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) return { contacts: [], errors: [] };
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const column = (kind: keyof typeof HEADER_ALIASES) =>
    names.findIndex((name) => HEADER_ALIASES[kind].includes(name));
  const at = {
    name: column('name'),
    first: column('first'),
    last: column('last'),
    email: column('email'),
    phone: column('phone'),
  };
  if (at.email < 0 && at.phone < 0)
    throw new ContactFileError('The first line must name the columns, with an "email" or a "phone" column.');
  const contacts: ParsedContact[] = [];
  const errors: ContactRowError[] = [];
  for (const { record, info } of rows) {
    const cell = (index: number) => (index >= 0 ? (record[index] ?? '') : '');
    const fullName = cell(at.name) || `${cell(at.first)} ${cell(at.last)}`.trim();
    const result = contactFrom(
      info.lines,
      fullName,
      [cell(at.email)].filter(Boolean),
      [cell(at.phone)].filter(Boolean),
    );
    if (isError(result)) errors.push(result);
    else contacts.push(result);
  }
  return { contacts, errors };
}

/** Unescapes a vCard text value (RFC 6350 3.4). */
const vcardText = (value: string) =>
  value.replace(/\\([,;\\nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? ' ' : c));

function parseVcard(text: string): ParsedContacts {
  // Unfold continuation lines (a line starting with a space or tab continues the one before).
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const unfolded: Array<{ line: number; text: string }> = [];
  lines.forEach((raw, index) => {
    if (/^[ \t]/.test(raw) && unfolded.length > 0) unfolded.at(-1)!.text += raw.slice(1);
    else unfolded.push({ line: index + 1, text: raw });
  });
  const contacts: ParsedContact[] = [];
  const errors: ContactRowError[] = [];
  let card: { line: number; fn: string; n: string; emails: string[]; phones: string[] } | null = null;
  for (const { line, text: content } of unfolded) {
    if (content.trim() === '') continue;
    const colon = content.indexOf(':');
    const name = (colon < 0 ? content : content.slice(0, colon))
      .split(';')[0]!
      .replace(/^item\d+\./i, '')
      .toUpperCase();
    const value = colon < 0 ? '' : content.slice(colon + 1).trim();
    if (name === 'BEGIN' && value.toUpperCase() === 'VCARD') {
      if (card) errors.push({ line: card.line, message: 'A card is not closed with END:VCARD.' });
      card = { line, fn: '', n: '', emails: [], phones: [] };
    } else if (name === 'END' && value.toUpperCase() === 'VCARD') {
      if (!card) {
        errors.push({ line, message: 'END:VCARD without BEGIN:VCARD.' });
        continue;
      }
      const [last = '', first = ''] = card.n.split(';').map(vcardText);
      const result = contactFrom(
        card.line,
        vcardText(card.fn) || `${first} ${last}`.trim(),
        card.emails,
        card.phones,
      );
      if (isError(result)) errors.push(result);
      else contacts.push(result);
      card = null;
    } else if (card) {
      if (name === 'FN') card.fn = value;
      else if (name === 'N') card.n = value;
      else if (name === 'EMAIL') card.emails.push(value);
      else if (name === 'TEL') card.phones.push(value.replace(/^tel:/i, ''));
    }
  }
  if (card) errors.push({ line: card.line, message: 'A card is not closed with END:VCARD.' });
  if (contacts.length === 0 && errors.length === 0 && text.trim() !== '')
    throw new ContactFileError('This is not a vCard file: it has no BEGIN:VCARD.');
  return { contacts, errors };
}

/** The file as a whole cannot be used; nothing of it is imported. */
export class ContactFileError extends Error {}

/**
 * Reads contacts from the text of a vCard (.vcf) or CSV file the person chose. Rows without a usable
 * e-mail address or phone number are reported by line; the same address or number is kept once.
 */
export function parseContacts(format: ContactFormat, text: string): ParsedContacts {
  if (text.length > CONTACT_FILE_MAX_CHARS)
    throw new ContactFileError(`The file is too large: at most ${CONTACT_FILE_MAX_CHARS / 1_000_000} MB.`);
  const parsed = format === 'CSV' ? parseCsv(text) : parseVcard(text);
  if (parsed.contacts.length > CONTACT_FILE_MAX_CONTACTS)
    throw new ContactFileError(`The file has too many contacts: at most ${CONTACT_FILE_MAX_CONTACTS}.`);
  const seen = new Set<string>();
  const contacts = parsed.contacts.filter((contact) => {
    const keys = [contact.email, contact.phone].filter((k): k is string => k !== null);
    if (keys.some((k) => seen.has(k))) return false;
    keys.forEach((k) => seen.add(k));
    return true;
  });
  return { contacts, errors: parsed.errors };
}
