import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapFlags } from './v8-heap-flags.ts';

describe('heapFlags', () => {
  it('sets the heap growth of decision 0050 and turns pretenuring off (decision 0052) on a plain command line', () => {
    expect(heapFlags([])).toEqual([
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
      '--no-allocation-site-pretenuring',
    ]);
    expect(heapFlags(['--enable-source-maps', '--max-old-space-size=2048'])).toEqual([
      '--heap-growing-percent=300',
      '--no-allocation-site-pretenuring',
    ]);
  });

  it('leaves an operator’s own heap growth alone, however it is spelled', () => {
    for (const own of [
      ['--heap-growing-percent=150'],
      ['--heap_growing_percent=50'],
      ['--heap-growing-percent', '150'],
    ])
      expect(heapFlags(own)).toEqual(['--no-allocation-site-pretenuring']);
  });

  it('leaves an operator’s own pretenuring alone, on or off', () => {
    for (const own of [
      ['--allocation-site-pretenuring'],
      ['--no-allocation-site-pretenuring'],
      ['--no_allocation_site_pretenuring'],
      ['--allocation-site-pretenuring=false'],
    ])
      expect(heapFlags(own)).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });
});
