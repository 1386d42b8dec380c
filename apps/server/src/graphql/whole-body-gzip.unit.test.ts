import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './whole-body-gzip.ts';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its qualities', () => {
    for (const header of [
      'gzip',
      'GZIP',
      'deflate, gzip',
      'gzip;q=0.1',
      'x-gzip',
      '*',
      'br, *;q=0.5',
      'gzip ; q=1.0',
    ])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [null, '', 'identity', 'br', 'gzip;q=0', '*;q=0', 'gzip;q=0, *', 'deflate, br'])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
