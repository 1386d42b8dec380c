/**
 * Date formatters are costly to make (tens of microseconds each, more than formatting), and a chat
 * or a page of plans formats hundreds of dates: each kind is made once per time zone and kept. An
 * undefined zone is the runtime's own (the reader's browser, or the server). A zone the runtime does
 * not know throws, as `new Intl.DateTimeFormat` does, and nothing is kept.
 */
export function dateFormatters<Kind extends string>(
  kinds: Record<Kind, readonly [locale: string, options: Intl.DateTimeFormatOptions]>,
): (kind: Kind, timeZone: string | undefined) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (kind, timeZone) => {
    const id = `${kind}|${timeZone ?? ''}`;
    let held = made.get(id);
    if (!held) {
      const [locale, options] = kinds[kind];
      held = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      made.set(id, held);
    }
    return held;
  };
}
