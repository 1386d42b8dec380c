import { useMemo } from 'react';
import { redirect, useLoaderData } from 'react-router';
import { parsePlanPreset, type PlanPreset } from '@plaza/core/plan-preset';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { planHref } from '../features/plans/plan-data.ts';
import { EMPTY_PLAN, PlanForm, type PlanFormValues } from '../features/plans/plan-form.tsx';
import { NO_PLACE } from '../features/plans/place-search.tsx';
import { runPlanSave } from '../features/plans/plan-save.server.ts';
import { useLocationHash } from '../components/browser-values.ts';
import type { Route } from './+types/event-create';

export const meta = pageMeta({ title: 'Create a plan', path: '/event/create', noIndex: true });

const MY_GROUPS = `query PlanFormGroups {
  myGroups { id title permissions { createPlan } }
  myself { user { organizations { id name } } }
}`;

interface GroupsAnswer {
  myGroups: Array<{ id: number; title: string; permissions: { createPlan: boolean } | null }> | null;
  myself: { user: { organizations: Array<{ id: number; name: string }> } } | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await context.get(plazaContext).graphql<GroupsAnswer>(MY_GROUPS);
  const groups = (result.data?.myGroups ?? [])
    .filter((group) => group.permissions?.createPlan)
    .map((group) => ({ id: String(group.id), title: group.title }));
  const asked = new URL(request.url).searchParams.get('group') ?? '';
  return {
    groups,
    groupId: groups.some((g) => g.id === asked) ? asked : '',
    organizations: result.data?.myself?.user.organizations ?? [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runPlanSave(await request.formData(), context);
  if (result.ok) throw redirect(planHref(result.plan));
  return result;
}

/** The form's values from a preset of the URL hash (spec 2.3), over the empty form. */
function fromPreset(preset: PlanPreset, groupIds: string[]): Partial<PlanFormValues> {
  const values: Partial<PlanFormValues> = {};
  if (preset.title !== undefined) values.title = preset.title;
  if (preset.description !== undefined) values.description = preset.description;
  if (preset.link !== undefined) values.link = preset.link;
  if (preset.outUrl !== undefined) values.outUrl = preset.outUrl;
  if (preset.isPublic !== undefined) values.isPublic = preset.isPublic;
  if (preset.allDay !== undefined) values.allDay = preset.allDay;
  if (preset.start !== undefined) values.start = preset.start;
  if (preset.end !== undefined) values.end = preset.end;
  if (preset.hashtags) values.hashtags = preset.hashtags.join(', ');
  if (preset.frequency !== undefined) values.frequency = preset.frequency;
  if (preset.byDay) values.byDay = preset.byDay;
  if (preset.groupId !== undefined && groupIds.includes(preset.groupId)) values.groupId = preset.groupId;
  if (preset.location) {
    values.place = {
      ...NO_PLACE,
      name: preset.location.name ?? preset.location.city ?? '',
      address: preset.location.address ?? '',
      city: preset.location.city ?? '',
    };
  }
  return values;
}

/** /event/create (spec 2.1), prefilled from an encoded JSON preset in the hash when there is one. */
export default function EventCreate() {
  const { groups, groupId, organizations } = useLoaderData<typeof loader>();
  // The preset lives in the hash, which only the browser sees; the form opens again when it changes.
  const hash = useLocationHash();
  const initial = useMemo<PlanFormValues>(() => {
    const preset = parsePlanPreset(hash);
    const base = { ...EMPTY_PLAN, groupId };
    return preset
      ? {
          ...base,
          ...fromPreset(
            preset,
            groups.map((g) => g.id),
          ),
        }
      : base;
  }, [hash, groupId, groups]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Create a plan</h1>
      <p className="mt-1 mb-8 text-ink-soft">
        Pick a time and a place, and Plaza keeps track of who is coming.
      </p>
      <PlanForm
        key={hash}
        initial={initial}
        action="/event/create"
        submitLabel="Create plan"
        groups={groups}
        organizations={organizations}
      />
    </div>
  );
}
