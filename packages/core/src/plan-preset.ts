/**
 * Spec 2.3: a plan form can be prefilled from a URL hash holding an encoded JSON preset, as in
 * `/event/create#{"title":"Picnic","isPublic":true}` percent-encoded. Only the fields below are read,
 * each only when it has the right type, so a hash from anywhere can fill the form but not break it.
 */
export interface PlanPreset {
  title?: string;
  description?: string;
  link?: string;
  outUrl?: string;
  isPublic?: boolean;
  allDay?: boolean;
  /** YYYY-MM-DD or YYYY-MM-DDTHH:mm, the form's own wall-clock values. */
  start?: string;
  end?: string;
  hashtags?: string[];
  location?: { name?: string; address?: string; city?: string };
  frequency?: string;
  byDay?: string[];
  groupId?: string;
}

const MAX_TEXT = 5000;
const WALL_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/;

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : undefined;
}

function stringsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings = value.filter((item): item is string => typeof item === 'string' && item.length <= 100);
  return strings.slice(0, 20);
}

/** Reads a preset from a location hash ("#…" or "…"), or null when there is none or it is not JSON. */
export function parsePlanPreset(hash: string): PlanPreset | null {
  let text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.startsWith('preset=')) text = text.slice('preset='.length);
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(decodeURIComponent(text));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const input = raw as Record<string, unknown>;
  const preset: PlanPreset = {};
  for (const key of ['title', 'description', 'link', 'outUrl', 'frequency'] as const) {
    const value = textOf(input[key]);
    if (value !== undefined) preset[key] = value;
  }
  for (const key of ['isPublic', 'allDay'] as const) {
    if (typeof input[key] === 'boolean') preset[key] = input[key];
  }
  for (const key of ['start', 'end'] as const) {
    const value = textOf(input[key]);
    if (value !== undefined && WALL_TIME.test(value)) preset[key] = value;
  }
  for (const key of ['hashtags', 'byDay'] as const) {
    const value = stringsOf(input[key]);
    if (value !== undefined) preset[key] = value;
  }
  const groupId = input.groupId;
  if (typeof groupId === 'string' || typeof groupId === 'number') preset.groupId = String(groupId);
  if (typeof input.location === 'object' && input.location !== null) {
    const place = input.location as Record<string, unknown>;
    const location: NonNullable<PlanPreset['location']> = {};
    for (const key of ['name', 'address', 'city'] as const) {
      const value = textOf(place[key]);
      if (value !== undefined) location[key] = value;
    }
    if (Object.keys(location).length > 0) preset.location = location;
  }
  return Object.keys(preset).length > 0 ? preset : null;
}

/** The hash that prefills the plan form with `preset` (the inverse of parsePlanPreset). */
export function planPresetHash(preset: PlanPreset): string {
  return `#${encodeURIComponent(JSON.stringify(preset))}`;
}
