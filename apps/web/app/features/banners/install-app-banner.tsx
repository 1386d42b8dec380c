import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-logo.tsx';

/** Suggests the app to signed-out visitors (spec 2.4); where it shows is decided by showsInstallBanner. */
export function InstallAppBanner() {
  return (
    <aside
      aria-label="Get the Plaza app"
      data-testid="install-banner"
      className="on-dark border-b border-white/10 bg-plum text-on-plum"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2.5 sm:px-6">
        <BrandMark className="size-7 shrink-0" />
        <p className="min-w-0 flex-1 text-sm leading-snug">
          <strong className="font-semibold">Plaza is better in the app.</strong>{' '}
          <span className="text-on-plum-soft">Plan reminders and chat, right on your phone.</span>
        </p>
        <Link
          to="/download"
          className="shrink-0 rounded-full bg-sun px-3.5 py-1.5 text-sm font-semibold text-plum hover:bg-white"
        >
          Get the app
        </Link>
      </div>
    </aside>
  );
}
