import { isValidSlug, slugify } from '@plaza/core/slug';

export const ORGANIZATION_NAME_MAX = 120;

export type InputCheck<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkOrganizationName(raw: string): InputCheck<string> {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, message: 'Give the organization a name.' };
  if (name.length > ORGANIZATION_NAME_MAX)
    return { ok: false, message: `A name has at most ${ORGANIZATION_NAME_MAX} characters.` };
  return { ok: true, value: name };
}

/**
 * The slug given, or one made from the name. A slug holds at least one letter, so
 * `organization(slugOrId)` never mistakes it for an id.
 */
export function checkOrganizationSlug(raw: string | null | undefined, name: string): InputCheck<string> {
  const slug = raw?.trim().toLowerCase() || slugify(name, 'organization');
  if (!isValidSlug(slug) || !/[a-z]/.test(slug))
    return {
      ok: false,
      message: 'A slug is lower-case letters, digits and hyphens, with at least one letter.',
    };
  return { ok: true, value: slug };
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** An e-mail domain such as uni.example: at least two labels, the last one not all digits. */
export function checkDomain(raw: string): InputCheck<string> {
  const domain = raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  const labels = domain.split('.');
  if (domain.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label)))
    return { ok: false, message: `"${raw}" is not an e-mail domain like uni.example.` };
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, message: `"${raw}" is an address, not a domain.` };
  return { ok: true, value: domain };
}

/**
 * The domains an address could belong to, nearest first: student@cs.uni.example is on
 * cs.uni.example and on uni.example (never on the bare top-level domain).
 */
export function domainsOfAddress(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at < 1) return [];
  const labels = email
    .slice(at + 1)
    .toLowerCase()
    .split('.');
  const domains: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) domains.push(labels.slice(start).join('.'));
  return domains;
}
