import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, TURBOFAN_INVOCATIONS, v8Flags } from './v8-flags.ts';

const GROWTH = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
const NO_PRETENURING = '--no-allocation-site-pretenuring';
const TURBOFAN = `--invocation-count-for-turbofan=${TURBOFAN_INVOCATIONS}`;

describe('v8Flags', () => {
  it('sets the heap growth (decision 0050), no pretenuring (0052) and TurboFan’s call count (0053) on a plain command line', () => {
    expect(v8Flags([])).toEqual([GROWTH, NO_PRETENURING, TURBOFAN]);
    expect(v8Flags(['--enable-source-maps', '--max-old-space-size=2048'])).toEqual([
      '--heap-growing-percent=300',
      '--no-allocation-site-pretenuring',
      '--invocation-count-for-turbofan=300',
    ]);
  });

  it('leaves an operator’s own heap growth alone, however it is spelled', () => {
    for (const own of [
      ['--heap-growing-percent=150'],
      ['--heap_growing_percent=50'],
      ['--heap-growing-percent', '150'],
    ])
      expect(v8Flags(own)).toEqual([NO_PRETENURING, TURBOFAN]);
  });

  it('leaves an operator’s own pretenuring alone, on or off', () => {
    for (const own of [
      ['--allocation-site-pretenuring'],
      ['--no-allocation-site-pretenuring'],
      ['--no_allocation_site_pretenuring'],
      ['--allocation-site-pretenuring=false'],
    ])
      expect(v8Flags(own)).toEqual([GROWTH, TURBOFAN]);
  });

  it('leaves an operator’s own TurboFan call count alone, however it is spelled', () => {
    for (const own of [
      ['--invocation-count-for-turbofan=3000'],
      ['--invocation_count_for_turbofan=1000'],
      ['--invocation-count-for-turbofan', '3000'],
    ])
      expect(v8Flags(own)).toEqual([GROWTH, NO_PRETENURING]);
  });

  it('does not take a flag that only starts the same for the operator’s own', () => {
    expect(v8Flags(['--invocation-count-for-turbofan-osr=10', '--heap-growing-percentage=5'])).toEqual([
      GROWTH,
      NO_PRETENURING,
      TURBOFAN,
    ]);
  });
});
