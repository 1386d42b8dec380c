import tzLookup from '@photostructure/tz-lookup';
import { isTimeZone } from '@plaza/core/plan-time';

/**
 * The IANA time zone at a point (decision 0010), from @photostructure/tz-lookup's boundary data;
 * null for coordinates out of range or a zone this runtime's Intl does not know.
 */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  try {
    const zone = tzLookup(latitude, longitude);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
