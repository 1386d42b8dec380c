import type { RouterContextProvider } from 'react-router';
import { planFormPayload } from '@plaza/core/plan-form';
import { parsePlanVisibility } from '@plaza/core/plan-visibility';
import type { PlanRecurrence } from '@plaza/core/plan-occurrences';
import { ONLY_THIS_PLAN_FIELDS, isRecurrenceFrequency } from '@plaza/core/recurrence';
import { exploreStatusOfForm } from '../../components/explore-switch.tsx';
import { plazaContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

export type PlanSaveResult =
  | { intent: 'save'; ok: true; plan: { key: string; slug: string; occurrence: string | null } }
  | { intent: 'save'; ok: false; field: string | null; message: string };

const SAVED = 'key slug occurrence';
const CREATE = `mutation CreatePlan($plan: PlanInput!) { createPlan(plan: $plan) { ${SAVED} } }`;
const UPDATE = `mutation UpdatePlan($key: String!, $plan: PlanInput!, $applyTo: PlanApplyTo, $occurrence: String) {
  updatePlan(key: $key, plan: $plan, applyTo: $applyTo, occurrence: $occurrence) { ${SAVED} }
}`;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function coordinate(form: FormData, name: string): number | null {
  const value = text(form, name);
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * The place fields of the form: a chosen place by id, or the place as it was (the hidden fields
 * keep its address, city and coordinates until the person types another), or the text typed.
 */
function locationOf(form: FormData) {
  const placeId = text(form, 'placeId');
  const name = text(form, 'placeName');
  const latitude = coordinate(form, 'placeLatitude');
  const longitude = coordinate(form, 'placeLongitude');
  const address = text(form, 'placeAddress') || null;
  const city = text(form, 'placeCity') || null;
  if (!placeId && !name && !address && !city) return null;
  return {
    ...(placeId ? { placeId } : { query: name || null }),
    name: name || city,
    address,
    city,
    state: text(form, 'placeState') || null,
    coordinates: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

function recurrenceOf(form: FormData): PlanRecurrence | null {
  const frequency = text(form, 'frequency');
  if (!isRecurrenceFrequency(frequency)) return null;
  const byDay = form.getAll('byDay').filter((d): d is string => typeof d === 'string');
  const monthly = text(form, 'monthly');
  const endDate = text(form, 'endDate');
  return {
    frequency,
    ...(frequency === 'WEEKLY' && byDay.length > 0 ? { byDay: byDay as PlanRecurrence['byDay'] } : {}),
    ...(frequency === 'MONTHLY' && monthly ? { monthly: monthly as PlanRecurrence['monthly'] } : {}),
    ...(endDate ? { endDate } : {}),
  };
}

/** The PlanInput of the form, after spec 5's save rules (planFormPayload). */
export function planInputOf(form: FormData, now: Date) {
  const location = locationOf(form);
  const { isPublic, organizationId } = parsePlanVisibility(text(form, 'visibility'));
  const placeZone = text(form, 'placeTimezone');
  const payload = planFormPayload(
    {
      isPublic,
      allDay: form.get('allDay') === 'on',
      start: text(form, 'start') || null,
      end: text(form, 'end') || null,
      timezone: placeZone || text(form, 'timezone') || null,
      address: location?.address ?? null,
      city: location?.city ?? null,
      hashtags: text(form, 'hashtags')
        .split(',')
        .map((tag) => tag.trim().replace(/^#/, ''))
        .filter(Boolean),
      recurring: recurrenceOf(form),
    },
    now,
  );
  const image = text(form, 'image');
  return {
    title: text(form, 'title'),
    description: text(form, 'description'),
    image: image || null,
    link: text(form, 'link') || null,
    outUrl: text(form, 'outUrl') || null,
    chat: form.get('chat') === 'on',
    location,
    // Only a form that offered organizations may change the plan's (decision 0019).
    ...(form.get('offersOrganizations') === '1' ? { organizationId } : {}),
    ...exploreStatusOfForm(form, isPublic),
    ...payload,
  };
}

/** Creates a plan (no key) or saves its edit form; `applyTo` and `occurrence` for repeating plans. */
export async function runPlanSave(
  form: FormData,
  context: Readonly<RouterContextProvider>,
  key?: string,
): Promise<PlanSaveResult> {
  const plan = planInputOf(form, new Date());
  if (!plan.title) return { intent: 'save', ok: false, field: 'title', message: 'Give the plan a name.' };
  const server = context.get(plazaContext);
  const groupId = text(form, 'groupId');
  const applyTo = text(form, 'applyTo') === 'ONLY_THIS' ? 'ONLY_THIS' : 'ALL';
  const changes =
    applyTo === 'ONLY_THIS'
      ? Object.fromEntries(ONLY_THIS_PLAN_FIELDS.map((field) => [field, plan[field]]))
      : plan;
  const result =
    key === undefined
      ? await server.graphql<{ createPlan: { key: string; slug: string; occurrence: string | null } }>(
          CREATE,
          {
            plan: { ...plan, ...(groupId ? { groupId } : {}) },
          },
        )
      : await server.graphql<{ updatePlan: { key: string; slug: string; occurrence: string | null } }>(
          UPDATE,
          {
            key,
            plan: changes,
            applyTo,
            occurrence: text(form, 'occurrence') || null,
          },
        );
  const outcome = mutationOutcome(result);
  const saved =
    result.data && ('createPlan' in result.data ? result.data.createPlan : result.data.updatePlan);
  if (outcome.ok && saved) return { intent: 'save', ok: true, plan: saved };
  return {
    intent: 'save',
    ok: false,
    field: outcome.ok ? null : outcome.field,
    message: outcome.ok ? 'Something went wrong. Please try again.' : outcome.message,
  };
}
