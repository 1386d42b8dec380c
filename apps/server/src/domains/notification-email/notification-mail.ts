import type { MailMessage } from '../../platform/mail/mail.ts';
import { escapeHtml } from '../../escape-html.ts';

/**
 * The words of notification e-mails: a short text part (what every mail app shows) and a plain
 * HTML part with the same content, every value escaped. Each mail ends with its one-click way out
 * and the notification settings, and carries RFC 8058 headers so mail apps offer "Unsubscribe".
 */

/** The page where a person chooses which notifications reach them and how. */
export const NOTIFICATION_SETTINGS_PATH = '/profile/notifications';

export interface MailFooter {
  /** The one-click link of this mail's kind (or the digest). */
  unsubscribeUrl: string;
  /** "Stop e-mails about friend requests". */
  unsubscribeText: string;
  settingsUrl: string;
}

export interface ActivityMailInput {
  to: string;
  /** The person's name as greeted. */
  name: string;
  /** The activity's sentence, e.g. "Ana Lima wants to be your friend". */
  message: string;
  /** The activity's page, absolute. */
  url: string;
  footer: MailFooter;
}

export interface DigestMailInput {
  to: string;
  name: string;
  items: Array<{ message: string; url: string }>;
  /** Unread activities beyond the listed ones. */
  more: number;
  /** The activity feed, absolute. */
  feedUrl: string;
  footer: MailFooter;
}

/** A sentence ends with a stop: "Ana wants to be your friend" -> "... friend." */
export function asSentence(message: string): string {
  const text = message.trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** Subjects are one line: a message with a line break or a very long one is cut. */
export function subjectOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The plain-text end of a notification mail: its unsubscribe link and the settings page. */
export function footerText(footer: MailFooter): string {
  return `\n--\n${footer.unsubscribeText}: ${footer.unsubscribeUrl}\nChoose which e-mails you get: ${footer.settingsUrl}\n`;
}

function page(body: string, footer: MailFooter): string {
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#5e4b5f">${escapeHtml(text)}</a>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"></head>' +
    '<body style="margin:0;padding:24px;background:#fff8f0;color:#2a1b2e;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">' +
    '<div style="max-width:560px;margin:0 auto">' +
    body +
    '<hr style="border:none;border-top:1px solid #e7d6c4;margin:32px 0 16px">' +
    `<p style="font-size:13px;color:#5e4b5f">${link(footer.unsubscribeUrl, footer.unsubscribeText)}` +
    ` · ${link(footer.settingsUrl, 'Choose which e-mails you get')}</p>` +
    '</div></body></html>'
  );
}

function button(href: string, text: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(href)}" ` +
    'style="display:inline-block;padding:12px 24px;border-radius:999px;background:#b93a1b;color:#ffffff;font-weight:bold;text-decoration:none">' +
    `${escapeHtml(text)}</a></p>`
  );
}

/** One-click unsubscribe headers (RFC 8058) of a notification mail. */
export const unsubscribeHeaders = (footer: MailFooter) => ({
  'List-Unsubscribe': `<${footer.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The e-mail of one activity. */
export function activityMail(input: ActivityMailInput): MailMessage {
  const sentence = asSentence(input.message);
  return {
    to: input.to,
    subject: subjectOf(input.message),
    text: `Hi ${input.name},\n\n${sentence}\n\nSee it on Plaza: ${input.url}\n${footerText(input.footer)}`,
    html: page(
      `<p>Hi ${escapeHtml(input.name)},</p><p>${escapeHtml(sentence)}</p>${button(input.url, 'See it on Plaza')}`,
      input.footer,
    ),
    headers: unsubscribeHeaders(input.footer),
  };
}

/** The daily digest of what a person missed while away. */
export function digestMail(input: DigestMailInput): MailMessage {
  const total = input.items.length + input.more;
  const things = total === 1 ? '1 new thing' : `${total} new things`;
  const more = input.more > 0 ? `and ${input.more} more` : '';
  const listText = input.items.map((item) => `- ${asSentence(item.message)}\n  ${item.url}`).join('\n');
  const listHtml = input.items
    .map(
      (item) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:#2a1b2e">${escapeHtml(asSentence(item.message))}</a></li>`,
    )
    .join('');
  return {
    to: input.to,
    subject: `While you were away: ${things} on Plaza`,
    text:
      `Hi ${input.name},\n\nHere is what happened on Plaza while you were away:\n\n${listText}\n` +
      (more ? `\n...${more}.\n` : '') +
      `\nSee everything on Plaza: ${input.feedUrl}\n${footerText(input.footer)}`,
    html: page(
      `<p>Hi ${escapeHtml(input.name)},</p><p>Here is what happened on Plaza while you were away:</p>` +
        `<ul style="padding-left:20px">${listHtml}</ul>` +
        (more ? `<p>…${escapeHtml(more)}.</p>` : '') +
        button(input.feedUrl, 'See everything on Plaza'),
      input.footer,
    ),
    headers: unsubscribeHeaders(input.footer),
  };
}
