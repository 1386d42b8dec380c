import { fuzzMutations } from './support/fuzz-mutations.ts';

// Issue 12: every mutation's arguments fuzzed (support/fuzz-mutations.ts), part 2 of 4.
fuzzMutations(1, 4);
