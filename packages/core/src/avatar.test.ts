import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  AVATAR_BOT_COLOR,
  AVATAR_BORDERS,
  AVATAR_COLORS,
  AVATAR_NEUTRAL_COLOR,
  AVATAR_SIZES,
  IMAGE_SCALES,
  UNKNOWN_CONTACT_NAME,
  avatarColor,
  avatarInitials,
  avatarSizePreset,
  imageSrcSet,
  isAvatarBorder,
  isAvatarSize,
  uploadedImageSrcSet,
} from './avatar.ts';
import { WCAG_AA_TEXT_CONTRAST, contrastRatio } from './color-contrast.ts';

describe('avatarInitials', () => {
  it('is the first letter of the full name, uppercased', () => {
    expect(avatarInitials({ fullName: 'ana Lopez', email: 'zed@example.com', phone: '+15551234567' })).toBe(
      'A',
    );
    expect(avatarInitials({ fullName: '  élodie' })).toBe('É');
  });

  it('skips leading characters that are no letter', () => {
    expect(avatarInitials({ fullName: '(Bob) Smith' })).toBe('B');
    expect(avatarInitials({ fullName: '🙂 Cleo' })).toBe('C');
  });

  it('uses the e-mail when the name is missing or the placeholder contact name', () => {
    expect(UNKNOWN_CONTACT_NAME).toBe('Unknown contact');
    expect(avatarInitials({ fullName: null, email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitials({ fullName: '', email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitials({ fullName: 'Unknown contact', email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitials({ fullName: ' unknown Contact ', email: 'zed@example.com' })).toBe('Z');
  });

  it('uses the last digit of the phone when there is no name and no e-mail', () => {
    expect(avatarInitials({ fullName: UNKNOWN_CONTACT_NAME, phone: '+1 (555) 123-4567' })).toBe('7');
    expect(avatarInitials({ email: '', phone: '555-0199 ext.' })).toBe('9');
  });

  it('is empty when there is nothing to take it from', () => {
    expect(avatarInitials({})).toBe('');
    expect(avatarInitials({ fullName: UNKNOWN_CONTACT_NAME, email: null, phone: '+' })).toBe('');
  });

  it('is at most one character, uppercase', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.option(fc.string()),
        (fullName, email, phone) => {
          const initials = avatarInitials({ fullName, email, phone });
          return [...initials].length <= 1 && initials === initials.toUpperCase();
        },
      ),
    );
  });
});

describe('avatarColor', () => {
  it('has 29 distinct named colours', () => {
    expect(AVATAR_COLORS).toHaveLength(29);
    expect(new Set(AVATAR_COLORS.map((c) => c.name)).size).toBe(29);
    expect(new Set(AVATAR_COLORS.map((c) => c.background)).size).toBe(29);
  });

  it('gives every colour text that meets WCAG AA against its background', () => {
    for (const color of [...AVATAR_COLORS, AVATAR_BOT_COLOR, AVATAR_NEUTRAL_COLOR]) {
      expect(contrastRatio(color.text, color.background), color.name).toBeGreaterThanOrEqual(
        WCAG_AA_TEXT_CONTRAST,
      );
    }
  });

  it('keeps the bot and neutral colours apart from the palette', () => {
    const names = AVATAR_COLORS.map((c) => c.name);
    expect(names).not.toContain(AVATAR_BOT_COLOR.name);
    expect(names).not.toContain(AVATAR_NEUTRAL_COLOR.name);
  });

  it('picks the palette colour at user id modulo 29', () => {
    expect(avatarColor(2)).toBe(AVATAR_COLORS[2]);
    expect(avatarColor(29)).toBe(AVATAR_COLORS[0]);
    expect(avatarColor(30)).toBe(AVATAR_COLORS[1]);
    expect(avatarColor('60')).toBe(AVATAR_COLORS[2]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 2 ** 40 }), (id) => avatarColor(id) === AVATAR_COLORS[id % 29]),
    );
  });

  it('reads ids longer than a safe integer exactly', () => {
    // 10^20 = 29 * 3448275862068965517 + 7
    expect(avatarColor('100000000000000000000')).toBe(AVATAR_COLORS[7]);
  });

  it('gives the bot its own colour', () => {
    expect(avatarColor(1)).toBe(AVATAR_BOT_COLOR);
    expect(avatarColor('1')).toBe(AVATAR_BOT_COLOR);
  });

  it('gives unknown users the neutral colour', () => {
    for (const id of [null, undefined, '', 0, '0', -3, 2.5, Number.NaN, 'abcd1234', ' 12']) {
      expect(avatarColor(id as number | string | null | undefined), String(id)).toBe(AVATAR_NEUTRAL_COLOR);
    }
  });
});

describe('avatar size, border and image scales', () => {
  it('maps sizes 1 to 6 to 2xs, xs, sm, sm, sm, md', () => {
    expect(AVATAR_SIZES.map(avatarSizePreset)).toEqual(['2xs', 'xs', 'sm', 'sm', 'sm', 'md']);
  });

  it('accepts only sizes 1 to 6', () => {
    expect([0, 1, 6, 7, 3.5, '3'].map(isAvatarSize)).toEqual([false, true, true, false, false, false]);
  });

  it('accepts only borders none, 5 and 10', () => {
    expect(AVATAR_BORDERS).toEqual(['none', 5, 10]);
    expect(['none', 5, 10, 0, '5', null].map(isAvatarBorder)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('builds a srcset for 1x, 2x and 3x', () => {
    expect(IMAGE_SCALES).toEqual([1, 2, 3]);
    expect(imageSrcSet((scale) => `/media/a.jpg?s=${scale}`)).toBe(
      '/media/a.jpg?s=1 1x, /media/a.jpg?s=2 2x, /media/a.jpg?s=3 3x',
    );
  });

  it('gives an uploaded picture the srcset of its 1x, 2x and 3x WebP files, and nothing to other addresses', () => {
    expect(uploadedImageSrcSet('/media/Ab3xYz9kLmNpQrSt.webp')).toBe(
      '/media/Ab3xYz9kLmNpQrSt.webp 1x, /media/Ab3xYz9kLmNpQrSt-2x.webp 2x, /media/Ab3xYz9kLmNpQrSt-3x.webp 3x',
    );
    expect(uploadedImageSrcSet('https://images.example.com/a.webp')).toBeUndefined();
    expect(uploadedImageSrcSet('/media/abc-2x.webp')).toBeUndefined();
    expect(uploadedImageSrcSet('/media/abc.jpg')).toBeUndefined();
    expect(uploadedImageSrcSet('/media/../x.webp')).toBeUndefined();
    expect(uploadedImageSrcSet('')).toBeUndefined();
    expect(uploadedImageSrcSet(null)).toBeUndefined();
    expect(uploadedImageSrcSet(undefined)).toBeUndefined();
  });
});
