import { useState } from 'react';
import {
  avatarColor,
  avatarInitials,
  avatarSizePreset,
  type AvatarSize,
  uploadedImageSrcSet,
} from '@plaza/core/avatar';

export interface AvatarPersonView {
  id: number | null;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  image?: string | null;
}

const PRESET_CLASSES = {
  '2xs': 'size-6 text-[0.6875rem]',
  xs: 'size-8 text-xs',
  sm: 'size-11 text-base',
  md: 'size-24 text-3xl sm:size-28 sm:text-4xl',
} as const;

/**
 * A person's photo, or their initial on their colour (spec 5 and 9): size 1 to 6 picks the preset,
 * a photo that fails to load falls back to the initial. Decorative unless given `alt`.
 */
export function Avatar({
  person,
  size = 3,
  alt = '',
  className = '',
}: {
  person: AvatarPersonView;
  size?: AvatarSize;
  alt?: string;
  className?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const color = avatarColor(person.id);
  const base = `${PRESET_CLASSES[avatarSizePreset(size)]} shrink-0 overflow-hidden rounded-full ${className}`;
  if (person.image && !hasFailed) {
    return (
      <img
        src={person.image}
        srcSet={uploadedImageSrcSet(person.image)}
        alt={alt}
        className={`${base} object-cover`}
        loading="lazy"
        onError={() => setHasFailed(true)}
      />
    );
  }
  const initials = avatarInitials(person);
  return (
    <span
      className={`${base} grid place-items-center font-extrabold`}
      style={{ background: color.background, color: color.text }}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initials || (
        <svg
          viewBox="0 0 24 24"
          className="size-3/5"
          fill="currentColor"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7Z" />
        </svg>
      )}
    </span>
  );
}
