/**
 * Text made safe inside HTML written by the server itself (e-mails, the busy page, a plan reply's
 * page): the five characters that can end text or an attribute value become entities.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
