import { linkify } from '@plaza/core/link-display';

/**
 * Text with its http(s), ftp, file and mailto links made clickable (spec 5): never HTML; links open
 * in a new tab with noopener and nofollow, and send no referrer.
 */
export function LinkedText({
  text,
  linkClassName = 'font-semibold text-coral-strong underline underline-offset-2',
}: {
  text: string;
  linkClassName?: string;
}) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.type === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener nofollow"
            referrerPolicy="no-referrer"
            className={linkClassName}
          >
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
