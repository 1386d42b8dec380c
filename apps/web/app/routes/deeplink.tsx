import { Link } from 'react-router';
import type { Route } from './+types/deeplink';
import { buttonClass } from '../components/button-styles.ts';
import { PhoneIcon } from '../components/icons.tsx';
import { deepLinkTargets } from '../features/deeplink/deep-link-targets.ts';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({ title: 'Open in Plaza', path: '/deeplink', noIndex: true });

export function loader({ params, request }: Route.LoaderArgs) {
  return deepLinkTargets(params['*'], new URL(request.url).search);
}

/** Deep link landing (spec 2.1): explains where the link goes and offers the app or the web. */
export default function DeepLink({ loaderData }: Route.ComponentProps) {
  const { webPath, appUrl } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-10 pb-24 text-center sm:px-6 sm:pt-20">
      <span className="mx-auto grid size-16 place-items-center rounded-3xl bg-plum-soft text-sun ring-1 ring-white/10">
        <PhoneIcon className="size-8" />
      </span>
      <h1 className="mt-6 font-display text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
        Open this in Plaza
      </h1>
      <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-on-plum-soft">
        Someone shared a plan, a group or a profile with you. Open it in the app to answer and chat on the go,
        or carry on in your browser. It's the same Plaza either way.
      </p>
      {webPath !== '/' ? (
        <p className="mt-6">
          <span className="sr-only">Link: </span>
          <code className="inline-block max-w-full truncate rounded-full bg-plum-soft px-4 py-1.5 font-mono text-sm text-on-plum">
            {webPath}
          </code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={appUrl} className={buttonClass('sun', 'lg')}>
          Open in the app
        </a>
        <Link to={webPath} className={buttonClass('on-dark', 'lg')}>
          Continue on the web
        </Link>
      </div>
      <p className="mt-10 text-on-plum-soft">
        No app yet?{' '}
        <Link to="/download" className="font-semibold text-sun underline underline-offset-2 hover:text-white">
          Get Plaza for iPhone or Android
        </Link>
      </p>
    </div>
  );
}
