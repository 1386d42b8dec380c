import { useState } from 'react';
import { buttonClass } from './button-styles.ts';

/** Share a page: the system share sheet where there is one, else the link copied, said for 3 s. */
export function ShareButton({ title, url }: { title: string; url: () => string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    const link = url();
    if (navigator.share) {
      await navigator.share({ title, url: link }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(link);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 3000);
  }
  return (
    <button type="button" className={buttonClass('secondary')} onClick={() => void share()}>
      <span aria-live="polite">{copied ? 'Link copied' : 'Share'}</span>
    </button>
  );
}
