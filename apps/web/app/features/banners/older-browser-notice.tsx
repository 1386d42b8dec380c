import { Link } from 'react-router';
import { OLDER_BROWSER_BANNER } from '@plaza/core/error-messages';

/** The older-browser notice of spec 8; older-browser-banner.tsx decides whether it shows. */
export function OlderBrowserNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <aside
      aria-label="Browser notice"
      data-testid="older-browser-banner"
      className="border-b border-sun bg-sun-soft"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <p className="min-w-0 flex-1 basis-72 text-sm leading-snug text-ink">{OLDER_BROWSER_BANNER}</p>
        <div className="flex items-center gap-3 text-sm font-semibold">
          <a
            href="https://browsehappy.com/"
            className="text-coral-strong underline underline-offset-2 hover:text-ink"
          >
            Update your browser
          </a>
          <Link to="/download" className="text-coral-strong underline underline-offset-2 hover:text-ink">
            Get the app
          </Link>
          <button
            type="button"
            onClick={onDismiss}
            className="rounded-full border-2 border-ink/20 px-3 py-1 text-ink hover:border-ink"
          >
            Dismiss
          </button>
        </div>
      </div>
    </aside>
  );
}
