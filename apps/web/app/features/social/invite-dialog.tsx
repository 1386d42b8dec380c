import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import { ActionMessage } from '../../components/action-message.tsx';
import { INPUT_CLASS } from '../../components/form-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { profileHref } from './people.ts';

interface Invitables {
  q: string;
  people: Array<{ id: number; username: string; fullName: string; image: string | null }>;
  contacts: Array<{ key: string; fullName: string; email: string | null; phone: string | null }>;
}

interface ActionAnswer {
  intent: string;
  ok: boolean;
  message: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * Invite friends (issue 4): search the people and contacts one knows, invite a contact or a typed
 * address with one click each, or add contacts from a vCard or CSV file the person chooses.
 * Nothing is ever sent to a contact the person did not pick.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const search = useFetcher<Invitables>();
  const invite = useFetcher<ActionAnswer>();
  const importer = useFetcher<ActionAnswer>();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const toId = useId();
  const fileId = useId();
  const { load } = search;

  useEffect(() => {
    const timer = window.setTimeout(
      () => void load(`/profile/friends/invitables?q=${encodeURIComponent(query.trim())}`),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [query, load]);

  // A new import brings new contacts to search.
  useEffect(() => {
    if (importer.state === 'idle' && importer.data?.ok) void load(`/profile/friends/invitables?q=`);
  }, [importer.state, importer.data, load]);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    void importer.submit(
      { intent: 'import', fileName: file.name, text },
      { method: 'post', action: '/profile/friends' },
    );
    event.target.value = '';
  }

  const results = search.data;
  return (
    <Dialog title="Invite friends" onClose={onClose} className="max-w-lg">
      <div className="flex flex-col gap-6 px-6 pt-2 pb-6">
        <invite.Form
          data-submit-after-hydration=""
          method="post"
          action="/profile/friends"
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
          <ActionMessage answer={invite.data} />
        </invite.Form>

        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="text-sm font-bold text-ink">
            Search your people and contacts
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
            {results && results.people.length + results.contacts.length === 0 ? (
              <p className="py-3 text-sm text-ink-soft">
                {results.q
                  ? `Nobody called “${results.q}” yet.`
                  : 'Add contacts from a file to invite them here.'}
              </p>
            ) : null}
            <ul className="divide-y divide-line" aria-label="Search results">
              {results?.people.map((person) => (
                <li key={`u${person.id}`} className="flex items-center gap-3 py-2.5">
                  <Avatar person={person} size={2} />
                  <Link
                    to={profileHref(person.username)}
                    className="min-w-0 flex-1 truncate font-semibold hover:underline"
                  >
                    {person.fullName}
                  </Link>
                  <span className="text-sm text-ink-soft">On Plaza</span>
                </li>
              ))}
              {results?.contacts.map((contact) => {
                const to = contact.email ?? contact.phone ?? '';
                return (
                  <li key={`c${contact.key}`} className="flex items-center gap-3 py-2.5">
                    <Avatar person={{ id: null, ...contact }} size={2} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{contact.fullName}</p>
                      <p className="truncate text-sm text-ink-soft">{to}</p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      disabled={!to || invite.state !== 'idle'}
                      onClick={() =>
                        void invite.submit(
                          { intent: 'invite', to },
                          { method: 'post', action: '/profile/friends' },
                        )
                      }
                    >
                      Invite<span className="sr-only"> {contact.fullName}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>

        <div className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4">
          <label htmlFor={fileId} className="text-sm font-bold text-ink">
            Add contacts from a file
          </label>
          <p className="text-sm text-ink-soft">
            A .vcf (vCard) or .csv export from your phone or mail. Plaza keeps them for you to pick from and
            never writes to them on its own.
          </p>
          <input
            id={fileId}
            type="file"
            accept=".vcf,.vcard,.csv,text/vcard,text/csv"
            onChange={(e) => void chooseFile(e)}
            className="text-sm"
          />
          <ActionMessage answer={importer.data} />
        </div>
      </div>
    </Dialog>
  );
}
