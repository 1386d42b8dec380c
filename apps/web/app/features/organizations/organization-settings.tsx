import { useId } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { FormField } from '../../components/form-field.tsx';
import { INPUT_CLASS } from '../../components/form-styles.ts';
import type { OrganizationActionResult } from './organization-action.server.ts';
import type { MyOrganization } from './organization-data.ts';

const ACTION = '/profile/organization';

function Outcome({ result }: { result: OrganizationActionResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="text-sm font-semibold text-[#1d6b47]">
      ✓ {result.message}
    </p>
  ) : (
    <p role="alert" className="text-sm font-semibold text-coral-strong">
      {result.message}
    </p>
  );
}

function Membership({ organization }: { organization: MyOrganization }) {
  const fetcher = useFetcher<OrganizationActionResult>();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream p-4">
      <div className="min-w-0">
        <p className="font-bold">
          {organization.name}
          {organization.role === 'ADMIN' ? <span className="ml-2 text-sm text-ink-soft">Admin</span> : null}
        </p>
        <p className="truncate text-sm text-ink-soft">
          {organization.email
            ? `Verified with ${organization.email}`
            : 'Added by an admin of the organization'}
        </p>
      </div>
      <fetcher.Form data-submit-after-hydration="" method="post" action={ACTION}>
        <input type="hidden" name="intent" value="leave" />
        <input type="hidden" name="organizationId" value={organization.id} />
        <button type="submit" className={buttonClass('secondary')} disabled={fetcher.state !== 'idle'}>
          Leave {organization.name}
        </button>
      </fetcher.Form>
      <div className="basis-full empty:hidden">
        {fetcher.data && !fetcher.data.ok ? <Outcome result={fetcher.data} /> : null}
      </div>
    </li>
  );
}

/**
 * The Organization section of /profile (decision 0019): the organizations the person belongs to,
 * each with Leave, and joining one by confirming a work or school address with a code.
 */
export function OrganizationSettings({ organizations }: { organizations: readonly MyOrganization[] }) {
  const join = useFetcher<OrganizationActionResult>();
  const verify = useFetcher<OrganizationActionResult>();
  const id = useId();
  const pending = verify.data?.ok ? null : (verify.data?.pendingEmail ?? join.data?.pendingEmail ?? null);
  const hasJoined = Boolean(verify.data?.ok || (join.data?.ok && !join.data.pendingEmail));
  return (
    <div className="flex flex-col gap-4">
      {organizations.length > 0 ? (
        <ul className="grid gap-3">
          {organizations.map((organization) => (
            <Membership key={organization.id} organization={organization} />
          ))}
        </ul>
      ) : (
        <p className="text-ink-soft">You do not belong to an organization on Plaza yet.</p>
      )}
      {/* A new form (an empty field) once the person joined. */}
      <join.Form
        data-submit-after-hydration=""
        key={hasJoined ? 'joined' : 'ready'}
        method="post"
        action={ACTION}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value="join" />
        <div className="flex-1">
          <FormField
            id={`${id}-email`}
            label="Work or school e-mail address"
            hint="People see the organization on your profile once you confirm the address. The address stays private."
            error={join.data && !join.data.ok ? join.data.message : null}
          >
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              className={INPUT_CLASS}
              aria-describedby={`${id}-email-hint`}
              aria-invalid={join.data && !join.data.ok ? true : undefined}
            />
          </FormField>
        </div>
        <button type="submit" className={buttonClass('primary')} disabled={join.state !== 'idle'}>
          Join
        </button>
      </join.Form>
      {join.data?.ok && !join.data.pendingEmail ? <Outcome result={join.data} /> : null}
      {pending ? (
        <verify.Form
          data-submit-after-hydration=""
          method="post"
          action={ACTION}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="email" value={pending} />
          <div className="flex-1 sm:max-w-xs">
            <p className="mb-2 text-sm text-ink-soft" role="status">
              {join.data?.message}
            </p>
            <FormField
              id={`${id}-code`}
              label="Code"
              error={verify.data && !verify.data.ok ? verify.data.message : null}
            >
              <input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                className={INPUT_CLASS}
                aria-invalid={verify.data && !verify.data.ok ? true : undefined}
              />
            </FormField>
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={verify.state !== 'idle'}>
            Confirm
          </button>
        </verify.Form>
      ) : null}
      {verify.data?.ok ? <Outcome result={verify.data} /> : null}
    </div>
  );
}
