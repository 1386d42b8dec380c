import { exploreStatusToForm, isExploreStatus } from '@plaza/core/explore-status';
import { Dialog } from '../../components/dialog.tsx';
import { groupHref, type GroupPage } from './group-data.ts';
import { GroupForm } from './group-form.tsx';

/** The group page's "Edit group" modal: the group form over the page, at the page's edit address. */
export function GroupEditDialog({
  group,
  canSetPrice,
  onClose,
}: {
  group: GroupPage;
  canSetPrice: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog title="Edit group" onClose={onClose} ownsHistoryEntry={false} className="max-w-2xl">
      <div className="px-6 pt-2 pb-6">
        <GroupForm
          action={groupHref(group)}
          submitLabel="Save changes"
          canSetPrice={canSetPrice || group.payment !== null}
          initial={{
            title: group.title,
            description: group.description,
            image: group.image,
            isPublic: group.isPublic,
            hasJoinRequests: group.hasJoinRequests,
            hashtags: group.hashtags
              .map((tag) => `${tag.name}${tag.emoji ? ` ${tag.emoji}` : ''}`)
              .join(', '),
            city: group.location?.city ?? '',
            price: group.payment ? String(group.payment.price) : '',
            recurrence: group.payment?.recurrence ?? (group.payment ? '' : 'MONTHLY'),
            explore: isExploreStatus(group.exploreStatus) ? exploreStatusToForm(group.exploreStatus) : true,
          }}
        />
      </div>
    </Dialog>
  );
}
