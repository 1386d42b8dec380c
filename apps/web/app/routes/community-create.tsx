import { redirect, useLoaderData } from 'react-router';
import { EMPTY_GROUP, GroupForm } from '../features/groups/group-form.tsx';
import { groupHref } from '../features/groups/group-data.ts';
import { runGroupSave } from '../features/groups/group-save.server.ts';
import { loadPaidContentCheck } from '../features/groups/paid-content.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import type { Route } from './+types/community-create';

export const meta = pageMeta({ title: 'Create a group', path: '/community/create', noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { canSetPrice: (await loadPaidContentCheck(context)).canCreatePaidEntities };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runGroupSave(await request.formData(), context);
  if (result.ok) throw redirect(groupHref(result.group));
  return result;
}

/** /community/create (spec 2.1). */
export default function CommunityCreate() {
  const { canSetPrice } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Create a group</h1>
      <p className="mt-1 mb-8 text-ink-soft">
        A home for the people you do things with: plans, a group chat and who is coming, all in one place.
      </p>
      <GroupForm
        initial={EMPTY_GROUP}
        action="/community/create"
        submitLabel="Create group"
        canSetPrice={canSetPrice}
      />
    </div>
  );
}
