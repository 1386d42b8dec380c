import { Link } from 'react-router';
import { BrandMark } from './brand-logo.tsx';

/** The footer links of spec 2.2, in order. Blog and Accessibility have no route of their own yet. */
export function footerLinks(contactEmail: string) {
  return [
    { href: '/dl', label: 'Download the app' },
    { href: '/company', label: 'Company' },
    { href: '/impact', label: 'Impact' },
    { href: '/press', label: 'Press' },
    { href: '/faq', label: 'FAQ' },
    { href: '/press#news', label: 'Blog' },
    { href: '/faq#accessibility', label: 'Accessibility' },
    { href: '/terms-of-service', label: 'Terms' },
    { href: '/privacy-policy', label: 'Privacy' },
    { href: `mailto:${contactEmail}`, label: 'Get in touch' },
  ];
}

const FOOTER_LINK_CLASS = 'text-[0.9375rem] font-medium text-ink hover:text-coral-strong hover:underline';

/**
 * The site footer. With `onCookieSettings` it ends with a "Cookie settings" button that opens the
 * consent banner again (pages outside the app shell, like the error page, go without it).
 */
export function SiteFooter({
  contactEmail,
  onCookieSettings,
}: {
  contactEmail: string;
  onCookieSettings?: () => void;
}) {
  return (
    <footer className="border-t border-line bg-sand">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2.4fr] md:py-16">
        <div className="max-w-xs">
          <p className="flex items-center gap-2 font-display text-xl font-extrabold tracking-tight">
            <BrandMark className="size-7" />
            Plaza
          </p>
          <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-soft">
            Make plans, meet people, in real life. Free and open-source software you can run yourself.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-5">
            {footerLinks(contactEmail).map((link) => (
              <li key={link.label}>
                {link.href.startsWith('mailto:') ? (
                  <a href={link.href} className={FOOTER_LINK_CLASS}>
                    {link.label}
                  </a>
                ) : (
                  <Link to={link.href} className={FOOTER_LINK_CLASS}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
            {onCookieSettings ? (
              <li>
                <button type="button" onClick={onCookieSettings} className={`${FOOTER_LINK_CLASS} text-left`}>
                  Cookie settings
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line/80">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-ink-soft sm:px-6">
          Plaza is built in the open. Go outside, say hi, be kind.
        </p>
      </div>
    </footer>
  );
}
