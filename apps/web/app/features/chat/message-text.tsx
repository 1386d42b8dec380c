import { linkify } from '@plaza/core/link-display';

/**
 * Chat text as text (spec 5): never HTML; http(s), ftp, file and mailto links become links that
 * open in a new tab with noopener and nofollow. Line breaks are kept by the caller's CSS.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.type === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener nofollow"
            className="font-semibold break-all underline decoration-2 underline-offset-2"
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
