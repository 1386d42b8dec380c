/** Chat fills the window, so the default layout drops its footer on chat routes (spec 2.2). */
export function showsFooter(pathname: string): boolean {
  return !/^\/chat(?:\/|$)/i.test(pathname);
}
