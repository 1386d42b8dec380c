import { describe, expect, it } from 'vitest';
import { boxAround } from './coordinate-box.ts';

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (value: number) => (value * 180) / Math.PI;

/** The point `km` from (latitude, longitude) along `bearing` on the 6371 km sphere. */
function destination(latitude: number, longitude: number, km: number, bearing: number) {
  const d = km / EARTH_KM;
  const φ1 = radians(latitude);
  const θ = radians(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    radians(longitude) +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: degrees(φ2), longitude: ((degrees(λ2) + 540) % 360) - 180 };
}

/** Haversine, as coordinate-box.ts's haversineKmSql measures in SQL. */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) *
      Math.cos(radians(b.latitude)) *
      Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const centers = [
  { latitude: 38.7223, longitude: -9.1393 },
  { latitude: 0, longitude: 0 },
  { latitude: -33.8688, longitude: 151.2093 },
  { latitude: 64.1466, longitude: -21.9426 },
  { latitude: 78.2232, longitude: 15.6267 },
  { latitude: -54.8019, longitude: -68.303 },
  { latitude: 51.5072, longitude: 179.95 },
];
const radii = [0.05, 0.78125, 3.125, 12.5, 50, 200, 500];

describe('boxAround', () => {
  it('holds every point of the circle, at every bearing, wherever the circle is', () => {
    for (const center of centers) {
      for (const radiusKm of radii) {
        const box = boxAround(center, radiusKm);
        for (let bearing = 0; bearing < 360; bearing += 3) {
          const point = destination(center.latitude, center.longitude, radiusKm, bearing);
          // The point is on the circle as the SQL measures it (to the rounding of the formulas).
          expect(distanceKm(center, point)).toBeCloseTo(radiusKm, 6);
          const latitude = Math.round(point.latitude * 1e6);
          const longitude = Math.round(point.longitude * 1e6);
          expect(latitude).toBeGreaterThanOrEqual(box.latitudes[0]);
          expect(latitude).toBeLessThanOrEqual(box.latitudes[1]);
          if (box.longitudes) {
            expect(longitude).toBeGreaterThanOrEqual(box.longitudes[0]);
            expect(longitude).toBeLessThanOrEqual(box.longitudes[1]);
          }
        }
      }
    }
  });

  it('is a band of latitudes where the box would cross the 180th meridian or reach a pole', () => {
    expect(boxAround({ latitude: 51.5, longitude: 179.95 }, 50).longitudes).toBeNull();
    expect(boxAround({ latitude: 88.9, longitude: 10 }, 50).longitudes).toBeNull();
    expect(boxAround({ latitude: 51.5, longitude: 10 }, 50).longitudes).not.toBeNull();
  });

  it('is hardly wider than the circle, however small the circle', () => {
    const center = centers[0]!;
    for (const radiusKm of radii) {
      const box = boxAround(center, radiusKm);
      const halfHeightKm = ((box.latitudes[1] - box.latitudes[0]) / 2 / 1e6) * ((EARTH_KM * Math.PI) / 180);
      expect(halfHeightKm).toBeLessThanOrEqual(radiusKm * 1.02 + 0.02);
      const east = destination(center.latitude, center.longitude, radiusKm, 90);
      const halfWidth = (box.longitudes![1] - box.longitudes![0]) / 2 / 1e6;
      expect(halfWidth).toBeLessThanOrEqual((east.longitude - center.longitude) * 1.1 + 0.001);
    }
  });
});
