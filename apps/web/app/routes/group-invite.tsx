import { Link, data, useFetcher, useLoaderData, useLocation } from 'react-router';
import { Avatar } from '../components/avatar.tsx';
import { buttonClass } from '../components/button-styles.ts';
import { ActionMessage } from '../components/action-message.tsx';
import { INPUT_CLASS } from '../components/form-styles.ts';
import { plazaContext } from '../context.ts';
import { runGroupAction } from '../features/groups/group-action.server.ts';
import { GROUP_PAGE_FIELDS, groupHref, type GroupPage } from '../features/groups/group-data.ts';
import { buildPageMeta } from '../features/meta/page-meta.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { rootDataFromMatches } from '../root-data.ts';
import type { Route } from './+types/group-invite';

const GROUP = `query GroupInvite($key: String!) { group(key: $key) { ${GROUP_PAGE_FIELDS} } }`;
const PEOPLE = `query InvitePeople($key: String!) {
  myContacts(type: "USERS", key: $key) { invitables { ... on User { id username fullName image } } }
}`;
const INVITE = `mutation Invite($id: ID!, $invitees: [InviteeInput!]!) {
  inviteToGroup(id: $id, invitees: $invitees) { invitedUsers invitedContacts }
}`;
const QUICK_JOIN = `mutation QuickJoin($key: String!, $email: String, $phone: String) {
  quickJoinGroup(key: $key, email: $email, phone: $phone, source: "invite-page") { status }
}`;

interface Person {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

interface InviteAnswer {
  ok: boolean;
  message: string;
}

async function loadGroup(context: Route.LoaderArgs['context'], key: string): Promise<GroupPage> {
  const result = await context.get(plazaContext).graphql<{ group: GroupPage | null }>(GROUP, { key });
  if (!result.data?.group)
    throw data(null, { status: result.errors?.[0]?.extensions?.code === 'FORBIDDEN' ? 403 : 404 });
  return result.data.group;
}

/**
 * /group/<slug>/<key>/invite (spec 2.1; open without an account): members pick people to invite or
 * type an address; someone who arrived by the link joins, asks to join, or gets the link sent to them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const group = await loadGroup(context, params.key);
  const isSignedIn = context.get(viewerContext) !== null;
  let people: Person[] = [];
  if (isSignedIn && group.permissions?.invite) {
    const result = await context
      .get(plazaContext)
      .graphql<{ myContacts: { invitables: Array<Person | Record<string, never>> } | null }>(PEOPLE, {
        key: group.key,
      });
    people = (result.data?.myContacts?.invitables ?? []).filter((p): p is Person => 'id' in p);
  }
  return { group, isSignedIn, people };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

export async function action({ request, params, context }: Route.ActionArgs): Promise<InviteAnswer> {
  const group = await loadGroup(context, params.key);
  const form = await request.formData();
  const server = context.get(plazaContext);
  const to = text(form, 'to');
  const address = to ? (to.includes('@') ? { email: to } : { phone: to }) : null;
  switch (text(form, 'intent')) {
    case 'invite': {
      const invitees = [
        ...form.getAll('userId').map((id) => ({ id: String(id) })),
        ...(address ? [address] : []),
      ];
      if (invitees.length === 0) return { ok: false, message: 'Pick someone or type an address.' };
      const result = await server.graphql<{
        inviteToGroup: { invitedUsers: number; invitedContacts: number };
      }>(INVITE, { id: String(group.id), invitees });
      const outcome = mutationOutcome(result);
      const sent = result.data?.inviteToGroup;
      if (!outcome.ok || !sent)
        return { ok: false, message: outcome.ok ? 'Nothing was sent.' : outcome.message };
      const count = sent.invitedUsers + sent.invitedContacts;
      return {
        ok: true,
        message:
          count === 0
            ? 'They were already invited or in the group.'
            : `${count} ${count === 1 ? 'invitation' : 'invitations'} sent.`,
      };
    }
    case 'send-link': {
      if (!address) return { ok: false, message: 'Type your e-mail address or phone number.' };
      const result = await server.graphql(QUICK_JOIN, { key: group.key, ...address });
      const outcome = mutationOutcome(result);
      return outcome.ok
        ? { ok: true, message: `We sent the link to ${to}. Open it to sign in and join.` }
        : { ok: false, message: outcome.message };
    }
    default:
      return runGroupAction(form, group.id, context);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = rootDataFromMatches(matches)?.publicUrl ?? '';
  if (!loaderData) return buildPageMeta({ title: 'Page not found', path: '/', noIndex: true }, publicUrl);
  const { group } = loaderData;
  return buildPageMeta(
    {
      title: `You are invited to ${group.title}`,
      description: group.description || `Join ${group.title} on Plaza`,
      path: groupHref(group, 'invite'),
      isDetail: true,
      noIndex: true,
      ...(group.image ? { image: { url: group.image, alt: `Cover photo of ${group.title}` } } : {}),
    },
    publicUrl,
  );
}

function InviteForm({ people }: { people: Person[] }) {
  const fetcher = useFetcher<InviteAnswer>();
  return (
    <fetcher.Form data-submit-after-hydration="" method="post" className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="invite" />
      {people.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-bold">People you know</legend>
          <ul className="max-h-80 divide-y divide-line overflow-y-auto rounded-2xl border border-line bg-white px-4">
            {people.map((person) => (
              <li key={person.id}>
                <label className="flex cursor-pointer items-center gap-3 py-2.5">
                  <input
                    type="checkbox"
                    name="userId"
                    value={person.id}
                    className="size-5 accent-coral-strong"
                  />
                  <Avatar person={person} size={2} />
                  <span className="min-w-0 flex-1 truncate font-semibold">{person.fullName}</span>
                  <span className="text-sm text-ink-soft">@{person.username}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <p className="text-ink-soft">Everyone you know on Plaza is in already. Invite others by address.</p>
      )}
      <div>
        <label htmlFor="invite-to" className="mb-1.5 block text-sm font-bold">
          Or an e-mail address or phone number
        </label>
        <input
          id="invite-to"
          name="to"
          className={INPUT_CLASS}
          placeholder="name@example.org"
          autoComplete="off"
        />
      </div>
      <ActionMessage answer={fetcher.data} />
      <div>
        <button type="submit" className={buttonClass('primary', 'lg')} disabled={fetcher.state !== 'idle'}>
          Send invitations
        </button>
      </div>
    </fetcher.Form>
  );
}

function Arrival({ group, isSignedIn }: { group: GroupPage; isSignedIn: boolean }) {
  const join = useFetcher<InviteAnswer>();
  const link = useFetcher<InviteAnswer>();
  const { pathname } = useLocation();
  if (group.viewerStatus === 'member') {
    return (
      <Link to={groupHref(group)} className={buttonClass('primary', 'lg')}>
        You are in: open the group
      </Link>
    );
  }
  if (isSignedIn) {
    const canJoin = group.permissions?.join || group.permissions?.requestToJoin;
    return (
      <div className="flex flex-col gap-3">
        {group.permissions?.checkout ? (
          <Link to={groupHref(group, 'access')} className={buttonClass('primary', 'lg')}>
            See the price and join
          </Link>
        ) : canJoin && group.viewerStatus !== 'requested' ? (
          <join.Form data-submit-after-hydration="" method="post">
            <input type="hidden" name="intent" value="join" />
            <button type="submit" className={buttonClass('primary', 'lg')} disabled={join.state !== 'idle'}>
              {group.permissions?.join ? 'Join group' : 'Ask to join'}
            </button>
          </join.Form>
        ) : group.viewerStatus === 'requested' ? (
          <p className="font-semibold">Your request is waiting for a moderator.</p>
        ) : (
          <p className="text-ink-soft">Ask a member to invite you.</p>
        )}
        <ActionMessage answer={join.data} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <Link
        to={`?signin=1&signup=1&return=${encodeURIComponent(pathname)}`}
        className={buttonClass('primary', 'lg')}
      >
        Sign up to join
      </Link>
      <link.Form
        data-submit-after-hydration=""
        method="post"
        className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4"
      >
        <input type="hidden" name="intent" value="send-link" />
        <label htmlFor="send-link-to" className="text-sm font-bold">
          On your phone later? Get the link
        </label>
        <div className="flex gap-2">
          <input id="send-link-to" name="to" className={INPUT_CLASS} placeholder="E-mail or phone number" />
          <button type="submit" className={buttonClass('secondary', 'lg')} disabled={link.state !== 'idle'}>
            Send
          </button>
        </div>
        <ActionMessage answer={link.data} />
      </link.Form>
    </div>
  );
}

export default function GroupInvite() {
  const { group, isSignedIn, people } = useLoaderData<typeof loader>();
  const isInviter = isSignedIn && group.permissions?.invite;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="flex items-center gap-4">
        {group.image ? (
          <img src={group.image} alt="" className="size-20 rounded-2xl object-cover" />
        ) : (
          <span className="size-20 rounded-2xl bg-lilac-soft" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">
            {isInviter ? 'Invite people' : 'You are invited'}
          </p>
          <h1 className="font-display text-3xl font-extrabold tracking-tight">{group.title}</h1>
          <p className="text-ink-soft">
            {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
          </p>
        </div>
      </div>
      {group.description && !isInviter ? (
        <p className="mt-6 text-lg whitespace-pre-line">{group.description}</p>
      ) : null}
      <div className="mt-8">
        {isInviter ? <InviteForm people={people} /> : <Arrival group={group} isSignedIn={isSignedIn} />}
      </div>
    </div>
  );
}
