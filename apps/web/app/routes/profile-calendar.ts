import { redirect } from 'react-router';
import { plazaContext } from '../context.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import type { Route } from './+types/profile-calendar';

export interface CalendarFeedAnswer {
  ok: boolean;
  message: string;
  url: string | null;
  webcalUrl: string | null;
}

const CREATE = `mutation CreateCalendarFeed { createCalendarFeed { url webcalUrl } }`;
const REVOKE = `mutation RevokeCalendarFeed { revokeCalendarFeed }`;

/** Only answers the form of /profile: an address typed or reloaded here goes to /profile. */
export function loader() {
  return redirect('/profile');
}

/** The private calendar feed of /profile (issue 6): a new secret address, or none. */
export async function action({ request, context }: Route.ActionArgs): Promise<CalendarFeedAnswer> {
  const intent = (await request.formData()).get('intent');
  const server = context.get(plazaContext);
  if (intent === 'create') {
    const result = await server.graphql<{ createCalendarFeed: { url: string; webcalUrl: string } | null }>(
      CREATE,
    );
    const outcome = mutationOutcome(result);
    const feed = result.data?.createCalendarFeed;
    if (!outcome.ok || !feed) {
      return {
        ok: false,
        message: outcome.ok ? 'That did not work.' : outcome.message,
        url: null,
        webcalUrl: null,
      };
    }
    return {
      ok: true,
      message: 'Your new calendar address is ready. Any older one stopped working.',
      url: feed.url,
      webcalUrl: feed.webcalUrl,
    };
  }
  if (intent === 'revoke') {
    const outcome = mutationOutcome(await server.graphql(REVOKE));
    return outcome.ok
      ? { ok: true, message: 'The calendar address no longer works.', url: null, webcalUrl: null }
      : { ok: false, message: outcome.message, url: null, webcalUrl: null };
  }
  return { ok: false, message: 'Unknown action.', url: null, webcalUrl: null };
}
