import { BOT_USER_ID } from './constants.ts';

/** The name given to contacts without one; such a name is no source of initials (spec 5). */
export const UNKNOWN_CONTACT_NAME = 'Unknown contact';

export type AvatarPerson = {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
};

function firstLetterOrDigit(text: string | null | undefined): string {
  return /[\p{L}\p{N}]/u.exec(text ?? '')?.[0]?.toUpperCase() ?? '';
}

/**
 * Avatar initials (spec 5): the first letter of the full name; when the name is missing or is the
 * placeholder contact name, the first letter of the e-mail, else the last digit of the phone.
 * Empty when there is none, and the avatar then shows a generic icon.
 */
export function avatarInitials(person: AvatarPerson): string {
  const name = person.fullName?.trim() ?? '';
  const fromName = name.toLowerCase() === UNKNOWN_CONTACT_NAME.toLowerCase() ? '' : firstLetterOrDigit(name);
  if (fromName) return fromName;
  const fromEmail = firstLetterOrDigit(person.email);
  if (fromEmail) return fromEmail;
  return /\d(?=\D*$)/.exec(person.phone ?? '')?.[0] ?? '';
}

export type AvatarColor = {
  name: string;
  /** Hex background colour. */
  background: string;
  /** Hex colour of the initials, at least 4.5:1 against the background (WCAG AA). */
  text: string;
};

/** The 29 avatar colours of spec 9, picked by user id modulo 29. */
export const AVATAR_COLORS: readonly AvatarColor[] = [
  { name: 'red', background: '#f5bcbc', text: '#620e0e' },
  { name: 'coral', background: '#f7c6ba', text: '#651d0b' },
  { name: 'orange', background: '#f9d7b8', text: '#683508' },
  { name: 'amber', background: '#f9e4b8', text: '#684808' },
  { name: 'gold', background: '#f7ebba', text: '#65530b' },
  { name: 'yellow', background: '#f5f2bc', text: '#625d0e' },
  { name: 'olive', background: '#e3e6cb', text: '#484c24' },
  { name: 'lime', background: '#e0f0c2', text: '#435a16' },
  { name: 'green', background: '#c8eacd', text: '#1f5127' },
  { name: 'emerald', background: '#c4eed9', text: '#195738' },
  { name: 'mint', background: '#c8eadd', text: '#1f513f' },
  { name: 'jade', background: '#c2f0e4', text: '#165a49' },
  { name: 'teal', background: '#c4eeeb', text: '#195753' },
  { name: 'cyan', background: '#c0ebf2', text: '#14535d' },
  { name: 'sky', background: '#bce2f5', text: '#0e4662' },
  { name: 'azure', background: '#bed9f4', text: '#11385f' },
  { name: 'blue', background: '#bed0f4', text: '#112b5f' },
  { name: 'cobalt', background: '#c4ccee', text: '#192657' },
  { name: 'indigo', background: '#c4c4ee', text: '#191957' },
  { name: 'violet', background: '#d0c2f0', text: '#2b165a' },
  { name: 'purple', background: '#dac4ee', text: '#3a1957' },
  { name: 'plum', background: '#e2cbe6', text: '#45244c' },
  { name: 'fuchsia', background: '#f0c2f0', text: '#5a165a' },
  { name: 'magenta', background: '#f0c2e4', text: '#5a1649' },
  { name: 'pink', background: '#f4bed9', text: '#5f1138' },
  { name: 'rose', background: '#f4becb', text: '#5f1124' },
  { name: 'ruby', background: '#eec4c9', text: '#571921' },
  { name: 'brown', background: '#e4d6cd', text: '#493527' },
  { name: 'sand', background: '#e6dccb', text: '#4c3d24' },
];

export const AVATAR_BOT_COLOR: AvatarColor = { name: 'plaza', background: '#d2bef4', text: '#2e115f' };
export const AVATAR_NEUTRAL_COLOR: AvatarColor = { name: 'gray', background: '#d5d7dd', text: '#32363e' };

/** The id's remainder modulo the palette size, digit by digit so ids longer than a safe integer work. */
function paletteIndex(userId: number | string | null | undefined): number | null {
  const digits =
    typeof userId === 'number' ? (Number.isSafeInteger(userId) ? String(userId) : '') : (userId ?? '');
  if (!/^\d+$/.test(digits) || /^0+$/.test(digits)) return null;
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % AVATAR_COLORS.length;
  return remainder;
}

/**
 * The avatar colour of a user: the bot has its own, an unknown user (no id, or an id that is not a
 * positive integer) the neutral one, anyone else the palette colour at id modulo 29.
 */
export function avatarColor(userId: number | string | null | undefined): AvatarColor {
  if (String(userId) === String(BOT_USER_ID)) return AVATAR_BOT_COLOR;
  const index = paletteIndex(userId);
  return (index === null ? undefined : AVATAR_COLORS[index]) ?? AVATAR_NEUTRAL_COLOR;
}

export const AVATAR_SIZES = [1, 2, 3, 4, 5, 6] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** Size preset of each avatar size (spec 9). */
export const AVATAR_SIZE_PRESETS = {
  1: '2xs',
  2: 'xs',
  3: 'sm',
  4: 'sm',
  5: 'sm',
  6: 'md',
} as const satisfies Record<AvatarSize, string>;

export type AvatarSizePreset = (typeof AVATAR_SIZE_PRESETS)[AvatarSize];

export function isAvatarSize(value: unknown): value is AvatarSize {
  return (AVATAR_SIZES as readonly unknown[]).includes(value);
}

export function avatarSizePreset(size: AvatarSize): AvatarSizePreset {
  return AVATAR_SIZE_PRESETS[size];
}

/** Avatar border: none, 5 or 10 (spec 5). */
export const AVATAR_BORDERS = ['none', 5, 10] as const;
export type AvatarBorder = (typeof AVATAR_BORDERS)[number];

export function isAvatarBorder(value: unknown): value is AvatarBorder {
  return (AVATAR_BORDERS as readonly unknown[]).includes(value);
}

/** Pixel densities images are served at (spec 9). */
export const IMAGE_SCALES = [1, 2, 3] as const;
export type ImageScale = (typeof IMAGE_SCALES)[number];

/** A srcset value ("a.jpg 1x, a@2x.jpg 2x, a@3x.jpg 3x") from the URL of each scale. */
export function imageSrcSet(urlForScale: (scale: ImageScale) => string): string {
  return IMAGE_SCALES.map((scale) => `${urlForScale(scale)} ${scale}x`).join(', ');
}

/** The 1x file of an uploaded picture: `/media/<key>.webp`, its 2x and 3x beside it (`<key>-2x.webp`, `<key>-3x.webp`). */
const UPLOADED_1X = /^(\/media\/[A-Za-z0-9]+)\.webp$/;

/**
 * The srcset of a picture uploaded to Plaza (its 1x, 2x and 3x WebP files), or undefined for any
 * other address (external pictures have no variants).
 */
export function uploadedImageSrcSet(src: string | null | undefined): string | undefined {
  const base = UPLOADED_1X.exec(src ?? '')?.[1];
  if (!base) return undefined;
  return imageSrcSet((scale) => (scale === 1 ? `${base}.webp` : `${base}-${scale}x.webp`));
}
