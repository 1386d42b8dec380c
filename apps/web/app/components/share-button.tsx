import { useState } from 'react';
import { SHARE_TITLE_ATTRIBUTE, SHARE_URL_ATTRIBUTE } from '../features/hydration/early-share.ts';
import { buttonClass } from './button-styles.ts';

/**
 * Share a page: the system share sheet where there is one, else the link copied, said for 3 s. The
 * link is on the button from the server's render, so a press before the page hydrated shares at
 * once (early-share.ts).
 */
export function ShareButton({
  title,
  url,
  withIcon = false,
}: {
  title?: string;
  url: string;
  withIcon?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  async function share() {
    if (navigator.share) {
      await navigator.share(title ? { title, url } : { url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 3000);
  }
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={() => void share()}
      {...{ [SHARE_URL_ATTRIBUTE]: url, [SHARE_TITLE_ATTRIBUTE]: title }}
    >
      {withIcon ? (
        <svg
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M10 13V3m0 0L6 7m4-4 4 4M4 11v5h12v-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : null}
      <span aria-live="polite">{copied ? 'Link copied' : 'Share'}</span>
    </button>
  );
}
