import { useState } from 'react';
import { SHARE_TITLE_ATTRIBUTE, SHARE_URL_ATTRIBUTE } from '../features/hydration/early-share.ts';
import { buttonClass } from './button-styles.ts';
import { ShareIcon } from './icons.tsx';

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
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard for this press (a browser that wants the press itself, a press made again
      // after hydration): the link is offered to copy by hand.
      window.prompt('Copy this link', url);
      return;
    }
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
      {withIcon ? <ShareIcon className="size-4" /> : null}
      <span aria-live="polite">{copied ? 'Link copied' : 'Share'}</span>
    </button>
  );
}
