import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, TURBOFAN_INVOCATIONS, v8Flags } from './v8-flags.ts';

const GROWTH = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
const NO_PRETENURING = '--no-allocation-site-pretenuring';
const TURBOFAN = `--invocation-count-for-turbofan=${TURBOFAN_INVOCATIONS}`;

/** Each flag the server sets, and the ways an operator may set it on the node command line. */
const OWN_SETTINGS = [
  {
    flag: GROWTH,
    spellings: [
      ['--heap-growing-percent=150'],
      ['--heap_growing_percent=50'],
      ['--heap-growing-percent', '150'],
    ],
  },
  {
    flag: NO_PRETENURING,
    spellings: [
      ['--allocation-site-pretenuring'],
      ['--no-allocation-site-pretenuring'],
      ['--no_allocation_site_pretenuring'],
      ['--allocation-site-pretenuring=false'],
    ],
  },
  {
    flag: TURBOFAN,
    spellings: [
      ['--invocation-count-for-turbofan=3000'],
      ['--invocation_count_for_turbofan=1000'],
      ['--invocation-count-for-turbofan', '3000'],
    ],
  },
];

describe('v8Flags', () => {
  it('sets the heap growth (decision 0050), no pretenuring (0052) and TurboFan’s call count (0053) on a plain command line', () => {
    expect(v8Flags([])).toEqual([GROWTH, NO_PRETENURING, TURBOFAN]);
    expect(v8Flags(['--enable-source-maps', '--max-old-space-size=2048'])).toEqual([
      '--heap-growing-percent=300',
      '--no-allocation-site-pretenuring',
      '--invocation-count-for-turbofan=300',
    ]);
  });

  it.each(OWN_SETTINGS)(
    'leaves an operator’s own $flag alone, however it is spelled',
    ({ flag, spellings }) => {
      const others = [GROWTH, NO_PRETENURING, TURBOFAN].filter((each) => each !== flag);
      for (const own of spellings) expect(v8Flags(own)).toEqual(others);
    },
  );

  it('does not take a flag that only starts the same for the operator’s own', () => {
    expect(v8Flags(['--invocation-count-for-turbofan-osr=10', '--heap-growing-percentage=5'])).toEqual([
      GROWTH,
      NO_PRETENURING,
      TURBOFAN,
    ]);
  });
});
