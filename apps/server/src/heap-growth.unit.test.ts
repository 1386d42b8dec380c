import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from './heap-growth.ts';

describe('heapGrowthFlag', () => {
  it('sets the heap growth of decision 0050 on a plain command line', () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--enable-source-maps', '--max-old-space-size=2048'])).toBe(
      '--heap-growing-percent=300',
    );
  });

  it('leaves an operator’s own setting alone, however it is spelled', () => {
    expect(heapGrowthFlag(['--heap-growing-percent=150'])).toBeNull();
    expect(heapGrowthFlag(['--heap_growing_percent=50'])).toBeNull();
    expect(heapGrowthFlag(['--heap-growing-percent', '150'])).toBeNull();
  });
});
