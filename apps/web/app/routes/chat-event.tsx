import { Link, redirect, useLoaderData } from 'react-router';
import { planPresetHash } from '@plaza/core/plan-preset';
import { buttonClass } from '../components/button-styles.ts';
import { plazaContext } from '../context.ts';
import { chatHref } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { SidePanel } from '../features/chat/side-panel.tsx';
import { PlanCardList } from '../features/plans/plan-card.tsx';
import { PLAN_CARD_FIELDS, type PlanCard } from '../features/plans/plan-data.ts';
import type { Route } from './+types/chat-event';

const CHAT_GROUP = `query ChatGroup($key: String!) { chat(key: $key) { group { id permissions { createPlan } } } }`;
const PLANS = `query ChatGroupPlanList($id: ID!) { groupPlans(id: $id) { ${PLAN_CARD_FIELDS} } }`;

/** /chat/g/<key>/event (spec 2.1): the group's upcoming plans beside its chat. Groups only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.type !== 'g') throw redirect(`/chat/${params.type}/${params.key}`);
  const server = context.get(plazaContext);
  // The chat's group comes with the chat (its read rule, then the group's own fields).
  const chat = await server.graphql<{
    chat: { group: { id: string; permissions: { createPlan: boolean } | null } | null } | null;
  }>(CHAT_GROUP, { key: params.key });
  const found = chat.data?.chat?.group;
  if (!found) throw new Response('Not found', { status: 404 });
  const plans = await server.graphql<{ groupPlans: PlanCard[] | null }>(PLANS, { id: found.id });
  const now = Date.now();
  return {
    plans: (plans.data?.groupPlans ?? []).filter((plan) => Date.parse(plan.end.utc) > now),
    canCreate: found.permissions?.createPlan ?? false,
    groupId: found.id,
  };
}

export default function ChatGroupPlans() {
  const { plans, canCreate, groupId } = useLoaderData<typeof loader>();
  const { chat } = useChatRoom();
  return (
    <SidePanel title="Plans" backTo={chatHref(chat)}>
      <div className="min-h-0 flex-1 overflow-y-auto p-4 [&_ul]:grid-cols-1!">
        {canCreate ? (
          <Link
            to={`/event/create${planPresetHash({ groupId })}`}
            className={`${buttonClass('primary')} mb-4 w-full`}
          >
            Make a plan for this group
          </Link>
        ) : null}
        <PlanCardList plans={plans} empty="No upcoming plans in this group yet." />
      </div>
    </SidePanel>
  );
}
