import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBMIT_AFTER_HYDRATION } from './early-taps.ts';

const APP = join(import.meta.dirname, '../..');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

describe('forms of a fetcher', () => {
  // A fetcher's outcome shows in the page that submitted it; submitted natively before hydration,
  // the form would answer with a new page that lacks it (the code field of the profile's privacy).
  it(`are all marked ${SUBMIT_AFTER_HYDRATION}, so a submit before hydration waits for the script`, () => {
    const forms: string[] = [];
    const unmarked: string[] = [];
    for (const path of sourcesUnder(APP)) {
      const source = readFileSync(path, 'utf8');
      for (const match of source.matchAll(/<(\w+)\.Form\b(\s+[\w-]+(?:="[^"]*")?)?/g)) {
        const where = `${relative(APP, path)}:${source.slice(0, match.index).split('\n').length}`;
        forms.push(where);
        // The mark comes first (prettier keeps the attributes' order).
        if (match[2]?.trim() !== `${SUBMIT_AFTER_HYDRATION}=""`) unmarked.push(where);
      }
    }
    expect(forms.length).toBeGreaterThan(20);
    expect(unmarked).toEqual([]);
  });
});
