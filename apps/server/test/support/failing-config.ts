import type { TestPlaza } from '../harness.ts';

/**
 * Runs `body` while reading the server's blocked country codes throws an Error with `detail`: a
 * failure nobody turned into a coded error, which must reach clients masked. Restores the setting
 * afterwards.
 */
export async function whileBlockedCountryCodesThrow<T>(t: TestPlaza, detail: string, body: () => Promise<T>) {
  const { config } = t.plaza.platform;
  const original = config.blockedCountryCodes;
  config.blockedCountryCodes = new Proxy([], {
    get() {
      throw new Error(detail);
    },
  });
  try {
    return await body();
  } finally {
    config.blockedCountryCodes = original;
  }
}
