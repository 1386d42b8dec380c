import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { ActionMessage } from '../../components/action-message.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { INPUT_CLASS } from '../../components/form-styles.ts';

interface Invitables {
  q: string;
  people: Array<{ id: number; username: string; fullName: string; image: string | null }>;
  contacts: Array<{ key: string; fullName: string; email: string | null; phone: string | null }>;
  groups: Array<{ id: number; title: string; image: string | null; memberCount: number }>;
}

interface ActionAnswer {
  intent: string;
  ok: boolean;
  message: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * Invite people to a plan (issue 6): people one knows on Plaza and imported contacts, one click
 * each, or a typed e-mail address or phone number. Posts intent "invite" to the plan page, which
 * calls inviteToPlan; an invitation by address carries the plan's invite link.
 */
export function PlanInviteDialog({ action, onClose }: { action: string; onClose: () => void }) {
  const search = useFetcher<Invitables>();
  const invite = useFetcher<ActionAnswer>();
  const [query, setQuery] = useState('');
  const [invited, setInvited] = useState<string[]>([]);
  const searchId = useId();
  const toId = useId();
  const { load } = search;

  useEffect(() => {
    const timer = window.setTimeout(
      () => void load(`/profile/friends/invitables?groups=1&q=${encodeURIComponent(query.trim())}`),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [query, load]);

  function send(fields: Record<string, string>, mark: string) {
    setInvited((list) => [...list, mark]);
    void invite.submit({ intent: 'invite', ...fields }, { method: 'post', action });
  }

  const results = search.data;
  return (
    <Dialog title="Invite people" onClose={onClose} className="max-w-lg">
      <div className="flex flex-col gap-6 px-6 pt-2 pb-6">
        <invite.Form
          data-submit-after-hydration=""
          method="post"
          action={action}
          className="flex flex-col gap-2"
        >
          <input type="hidden" name="intent" value="invite" />
          <label htmlFor={toId} className="text-sm font-bold text-ink">
            Invite by e-mail or phone
          </label>
          <div className="flex gap-2">
            <input
              id={toId}
              name="to"
              className={INPUT_CLASS}
              placeholder="name@example.org or +1 415 555 0100"
              autoComplete="off"
            />
            <button type="submit" className={buttonClass('primary', 'lg')} disabled={invite.state !== 'idle'}>
              Invite
            </button>
          </div>
        </invite.Form>
        <ActionMessage answer={invite.data} />
        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-bold text-ink">
            Search your groups, people and contacts
          </label>
          <input
            id={searchId}
            type="search"
            className={INPUT_CLASS}
            placeholder="Search by name"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <div className="max-h-72 overflow-y-auto" aria-live="polite" aria-busy={search.state !== 'idle'}>
            {results && results.people.length + results.contacts.length + results.groups.length === 0 ? (
              <p className="py-3 text-sm text-ink-soft">
                {results.q
                  ? `Nobody called “${results.q}” yet.`
                  : 'Your groups, friends and contacts show here.'}
              </p>
            ) : null}
            <ul className="divide-y divide-line" aria-label="People to invite">
              {results?.groups.map((group) => {
                const mark = `g${group.id}`;
                return (
                  <li key={mark} className="flex items-center gap-3 py-2.5">
                    {group.image ? (
                      <img src={group.image} alt="" className="size-10 rounded-xl object-cover" />
                    ) : (
                      <span className="size-10 rounded-xl bg-lilac-soft" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{group.title}</p>
                      <p className="text-sm text-ink-soft">
                        Group · {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                      </p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      disabled={invited.includes(mark)}
                      onClick={() => send({ groupId: String(group.id) }, mark)}
                    >
                      {invited.includes(mark) ? 'Invited' : 'Invite'}
                      <span className="sr-only"> {group.title}</span>
                    </button>
                  </li>
                );
              })}
              {results?.people.map((person) => {
                const mark = `u${person.id}`;
                return (
                  <li key={mark} className="flex items-center gap-3 py-2.5">
                    <Avatar person={person} size={2} />
                    <span className="min-w-0 flex-1 truncate font-semibold">{person.fullName}</span>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      disabled={invited.includes(mark)}
                      onClick={() => send({ id: String(person.id) }, mark)}
                    >
                      {invited.includes(mark) ? 'Invited' : 'Invite'}
                      <span className="sr-only"> {person.fullName}</span>
                    </button>
                  </li>
                );
              })}
              {results?.contacts.map((contact) => {
                const to = contact.email ?? contact.phone ?? '';
                const mark = `c${contact.key}`;
                return (
                  <li key={mark} className="flex items-center gap-3 py-2.5">
                    <Avatar person={{ id: null, ...contact }} size={2} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{contact.fullName}</p>
                      <p className="truncate text-sm text-ink-soft">{to}</p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      disabled={!to || invited.includes(mark)}
                      onClick={() => send({ to }, mark)}
                    >
                      {invited.includes(mark) ? 'Invited' : 'Invite'}
                      <span className="sr-only"> {contact.fullName}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
