import type { RouterContextProvider } from 'react-router';
import { exploreStatusOfForm } from '../../components/explore-switch.tsx';
import { plazaContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

export type GroupSaveResult =
  | { intent: 'save'; ok: true; group: { key: string; slug: string } }
  | { intent: 'save'; ok: false; field: string | null; message: string };

const CREATE = `mutation CreateGroup($group: GroupInput!) { createGroup(group: $group) { key slug } }`;
const UPDATE = `mutation UpdateGroup($id: ID!, $group: GroupInput!) { updateGroup(id: $id, group: $group) { key slug } }`;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** "#run 🏃, coffee" → [{ name: 'run', emoji: '🏃' }, { name: 'coffee' }]: a word, then an optional emoji. */
export function parseHashtags(value: string): Array<{ name: string; emoji?: string }> {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^#/, ''))
    .filter(Boolean)
    .map((part) => {
      const emoji = /(?:\p{Extended_Pictographic}(?:\u200d|\ufe0f)*)+$/u.exec(part)?.[0];
      const name = (emoji ? part.slice(0, -emoji.length) : part).trim();
      return emoji ? { name, emoji } : { name };
    })
    .filter((tag) => tag.name);
}

/** An empty price makes the group free (price 0); the server checks the rest (decision 0008). */
function paymentOf(price: string, recurrence: string): { price: number; recurrence: string } {
  return { price: price ? Number(price) : 0, recurrence };
}

/** Creates a group (no id) or saves its edit form, with the fields of the group form. */
export async function runGroupSave(
  form: FormData,
  context: Readonly<RouterContextProvider>,
  groupId?: number,
): Promise<GroupSaveResult> {
  const image = text(form, 'image');
  const city = text(form, 'city');
  const group = {
    title: text(form, 'title'),
    description: text(form, 'description'),
    image: image || null,
    isPublic: text(form, 'visibility') === 'public',
    hasJoinRequests: form.get('hasJoinRequests') === 'on',
    hashtags: parseHashtags(text(form, 'hashtags')),
    ...exploreStatusOfForm(form, text(form, 'visibility') === 'public'),
    location: city ? { name: city, city } : null,
    // Only a form that showed the price fields may change the price.
    ...(form.get('hasPayment') === '1'
      ? { payment: paymentOf(text(form, 'price'), text(form, 'recurrence')) }
      : {}),
  };
  if (!group.title) return { intent: 'save', ok: false, field: 'title', message: 'Give the group a name.' };
  const server = context.get(plazaContext);
  const result =
    groupId === undefined
      ? await server.graphql<{ createGroup: { key: string; slug: string } }>(CREATE, { group })
      : await server.graphql<{ updateGroup: { key: string; slug: string } }>(UPDATE, {
          id: String(groupId),
          group,
        });
  const outcome = mutationOutcome(result);
  const saved =
    result.data && ('createGroup' in result.data ? result.data.createGroup : result.data.updateGroup);
  if (outcome.ok && saved) return { intent: 'save', ok: true, group: saved };
  return {
    intent: 'save',
    ok: false,
    field: outcome.ok ? null : outcome.field,
    message: outcome.ok ? 'Something went wrong. Please try again.' : outcome.message,
  };
}
