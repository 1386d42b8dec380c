import { exploreStatusFromForm, type ExploreStatus } from '@plaza/core/explore-status';

/**
 * "Show in Explore" of a public plan or group (spec 4: a form shows blocked as null, enabled as
 * true, disabled as false). A status moderators set to BLOCKED cannot be changed here.
 */
export function ExploreSwitch({ value }: { value: boolean | null }) {
  if (value === null) {
    return (
      <p className="rounded-2xl bg-sand px-4 py-3 text-sm">
        <span className="font-bold">Not shown in Explore.</span> Moderators took it out of Explore and search;
        it can still be shared by link.
      </p>
    );
  }
  return (
    <label className="flex items-start gap-3">
      <input type="hidden" name="exploreShown" value="present" />
      <input
        type="checkbox"
        name="explore"
        defaultChecked={value}
        className="mt-1 size-5 accent-coral-strong"
      />
      <span>
        <span className="block font-bold">Show in Explore</span>
        <span className="text-sm text-ink-soft">
          People nearby find it when they explore and search. Turn off to share it by link only.
        </span>
      </span>
    </label>
  );
}

/** The exploreStatus a saved form asks for; nothing when the form did not show the switch. */
export function exploreStatusOfForm(form: FormData, isPublic: boolean): { exploreStatus?: ExploreStatus } {
  if (!isPublic || form.get('exploreShown') !== 'present') return {};
  return { exploreStatus: exploreStatusFromForm(form.get('explore') === 'on') };
}
