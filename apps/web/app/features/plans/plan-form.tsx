import { useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { ChoiceCards } from '../../components/choice-cards.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FIELD_CLASS, LABEL_CLASS } from '../../components/form-styles.ts';
import { uploadImage } from '../../components/upload-image.ts';
import { REPEATING_PLAN_EDIT_CHOICES, REPEATING_PLAN_EDIT_PROMPT } from '@plaza/core/recurrence';
import { parsePlanVisibility, planVisibilityValue } from '@plaza/core/plan-visibility';
import { useBrowserTimeZone } from '../../components/browser-values.ts';
import { FREQUENCY_LABELS, WEEKDAY_LABELS } from './plan-data.ts';
import { ExploreSwitch } from '../../components/explore-switch.tsx';
import { NO_PLACE, PlaceSearch, type ChosenPlace } from './place-search.tsx';

/** The plan form as it opens: empty, from a preset, or from the plan being edited. */
export interface PlanFormValues {
  title: string;
  description: string;
  image: string | null;
  link: string;
  outUrl: string;
  isPublic: boolean;
  allDay: boolean;
  /** YYYY-MM-DDTHH:mm, or YYYY-MM-DD for all-day plans (the last day, inclusive, for the end). */
  start: string;
  end: string;
  place: ChosenPlace;
  hashtags: string;
  /** '' when the plan does not repeat. */
  frequency: string;
  byDay: string[];
  monthly: string;
  endDate: string;
  chat: boolean;
  groupId: string;
  /** The organization whose people may see the plan (decision 0019), or null. */
  organizationId?: number | null;
  /** Shown in Explore (spec 4's form value): true, false, or null when moderators blocked it. */
  explore: boolean | null;
}

export const EMPTY_PLAN: PlanFormValues = {
  title: '',
  description: '',
  image: null,
  link: '',
  outUrl: '',
  isPublic: false,
  allDay: false,
  start: '',
  end: '',
  place: NO_PLACE,
  hashtags: '',
  frequency: '',
  byDay: [],
  monthly: 'DAY_OF_MONTH',
  endDate: '',
  chat: true,
  groupId: '',
  explore: true,
};

export interface PlanGroupOption {
  id: string;
  title: string;
}

/** An organization the person belongs to, offered as "People in <name>". */
export interface PlanOrganizationOption {
  id: number;
  name: string;
}

interface SaveAnswer {
  ok: boolean;
  field?: string | null;
  message?: string;
}

/** Server field names (BAD_USER_INPUT extensions.field) and the form field they belong to. */
const FIELD_OF: Record<string, string> = {
  title: 'title',
  description: 'description',
  image: 'image',
  link: 'link',
  outUrl: 'outUrl',
  start: 'start',
  end: 'end',
  timezone: 'place',
  location: 'place',
  'location.placeId': 'place',
  hashtags: 'hashtags',
  recurring: 'frequency',
  'recurring.frequency': 'frequency',
  'recurring.byDay': 'byDay',
  'recurring.monthly': 'monthly',
  'recurring.endDate': 'endDate',
  groupId: 'groupId',
};

/** A date-time field's value turned into a date (all-day switched on) or back. */
function reshape(value: string, allDay: boolean): string {
  if (!value) return value;
  if (allDay) return value.slice(0, 10);
  return value.length === 10 ? `${value}T18:00` : value;
}

/**
 * The event form of /event/create and the plan edit modal: what, when, where, who can see it, how
 * it repeats, links and chat. Saving a repeating plan asks "Apply the changes to:" (spec 2.4 and 4)
 * and posts intent "save" with applyTo. Times are the plan's wall clock; the server applies spec 5.
 */
export function PlanForm({
  initial,
  action,
  submitLabel,
  groups = [],
  organizations = [],
  isRepeatingEdit = false,
  occurrence = null,
}: {
  initial: PlanFormValues;
  action: string;
  submitLabel: string;
  /** Groups the person may create plans in (create only). */
  groups?: PlanGroupOption[];
  /** Organizations whose people the plan may be shown to; none leaves the plan's own as it is. */
  organizations?: PlanOrganizationOption[];
  /** Editing a plan that repeats: ask which occurrences the changes apply to. */
  isRepeatingEdit?: boolean;
  occurrence?: string | null;
}) {
  const fetcher = useFetcher<SaveAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [image, setImage] = useState<string | null>(initial.image);
  const [imageError, setImageError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [isPublic, setIsPublic] = useState(initial.isPublic);
  const [organizationId, setOrganizationId] = useState(initial.organizationId ?? null);
  const [allDay, setAllDay] = useState(initial.allDay);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [frequency, setFrequency] = useState(initial.frequency);
  const [isChoosing, setIsChoosing] = useState(false);
  // The person's own zone, for plans whose place gives none (the server keeps UTC without a place).
  const browserZone = useBrowserTimeZone() ?? '';
  const id = useId();

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errorField = error ? (FIELD_OF[error.field ?? ''] ?? null) : null;
  const errorFor = (field: string) => (errorField === field ? (error?.message ?? null) : null);
  const generalError = error && errorField === null ? error.message : null;

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setImageError(null);
    setIsUploading(true);
    const result = await uploadImage(file, 'image');
    setIsUploading(false);
    if ('path' in result) setImage(result.path);
    else setImageError(result.error);
  }

  function submitWith(applyTo: 'ALL' | 'ONLY_THIS') {
    const form = formRef.current;
    if (!form) return;
    const field = form.elements.namedItem('applyTo');
    if (field instanceof HTMLInputElement) field.value = applyTo;
    setIsChoosing(false);
    void fetcher.submit(form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!isRepeatingEdit) return;
    event.preventDefault();
    setIsChoosing(true);
  }

  const timeType = allDay ? 'date' : 'datetime-local';
  const repeats = !isPublic && frequency !== '';

  return (
    <fetcher.Form
      data-submit-after-hydration=""
      ref={formRef}
      method="post"
      action={action}
      className="flex flex-col gap-5"
      noValidate
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="image" value={image ?? ''} />
      <input type="hidden" name="timezone" value={browserZone} />
      <input type="hidden" name="applyTo" defaultValue="ALL" />
      {occurrence ? <input type="hidden" name="occurrence" value={occurrence} /> : null}
      <FormField label="What’s the plan?" id={`${id}-title`} error={errorFor('title')}>
        <input
          id={`${id}-title`}
          name="title"
          defaultValue={initial.title}
          maxLength={120}
          required
          className={`${FIELD_CLASS} h-12`}
          placeholder="Sunset picnic at the lookout"
          aria-invalid={Boolean(errorFor('title'))}
        />
      </FormField>
      <div>
        <span className={LABEL_CLASS} id={`${id}-cover-label`}>
          Picture
        </span>
        <div className="relative grid aspect-[3/1] place-items-center overflow-hidden rounded-3xl border-2 border-dashed border-line bg-sand/60">
          {image ? (
            <img src={image} alt="Picture of the plan" className="absolute inset-0 size-full object-cover" />
          ) : null}
          <label
            className={`relative z-10 cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-coral-strong ${buttonClass('secondary')}`}
          >
            {isUploading ? 'Uploading…' : image ? 'Change picture' : 'Add a picture'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              aria-labelledby={`${id}-cover-label`}
              onChange={(event) => void chooseImage(event.target.files?.[0])}
            />
          </label>
        </div>
        <p className="mt-1 text-sm text-ink-soft">Without one, your profile picture is used.</p>
        {imageError || errorFor('image') ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-coral-strong">
            {imageError ?? errorFor('image')}
          </p>
        ) : null}
      </div>
      <fieldset className="rounded-3xl border border-line bg-white p-4 sm:p-5">
        <legend className="px-1 text-sm font-bold">When</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Starts" id={`${id}-start`} error={errorFor('start')}>
            <input
              id={`${id}-start`}
              name="start"
              type={timeType}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              className={`${FIELD_CLASS} h-12`}
              aria-invalid={Boolean(errorFor('start'))}
            />
          </FormField>
          <FormField label={allDay ? 'Last day' : 'Ends'} id={`${id}-end`} error={errorFor('end')}>
            <input
              id={`${id}-end`}
              name="end"
              type={timeType}
              value={end}
              min={start || undefined}
              onChange={(event) => setEnd(event.target.value)}
              className={`${FIELD_CLASS} h-12`}
              aria-invalid={Boolean(errorFor('end'))}
            />
          </FormField>
        </div>
        <p className="mt-2 text-sm text-ink-soft">
          Left empty, it starts at the next full hour and lasts an hour.
        </p>
        <label className="mt-3 flex items-center gap-3">
          <input
            type="checkbox"
            name="allDay"
            checked={allDay}
            onChange={(event) => {
              const isAllDay = event.target.checked;
              setAllDay(isAllDay);
              setStart((value) => reshape(value, isAllDay));
              setEnd((value) => reshape(value, isAllDay));
            }}
            className="size-5 accent-coral-strong"
          />
          <span className="font-semibold">All day</span>
        </label>
      </fieldset>
      <FormField
        label="Where"
        id={`${id}-place`}
        hint="Times are in the place’s time zone. Without an address or city they are in UTC."
        error={errorFor('place')}
      >
        <PlaceSearch initial={initial.place} inputId={`${id}-place`} describedBy={`${id}-place-hint`} />
      </FormField>
      <FormField label="Details" id={`${id}-description`} error={errorFor('description')}>
        <textarea
          id={`${id}-description`}
          name="description"
          defaultValue={initial.description}
          rows={4}
          maxLength={5000}
          className={`${FIELD_CLASS} py-3`}
          placeholder="What to bring, where to meet, who it’s for."
        />
      </FormField>
      {groups.length > 0 ? (
        <FormField label="Group" id={`${id}-group`} error={errorFor('groupId')}>
          <select
            id={`${id}-group`}
            name="groupId"
            defaultValue={initial.groupId}
            className={`${FIELD_CLASS} h-12`}
          >
            <option value="">No group: just me and the people I invite</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
      {organizations.length > 0 ? <input type="hidden" name="offersOrganizations" value="1" /> : null}
      <fieldset>
        <legend className={LABEL_CLASS}>Who can see it</legend>
        <ChoiceCards
          name="visibility"
          value={planVisibilityValue({ isPublic, organizationId })}
          onChange={(value) => {
            const chosen = parsePlanVisibility(value);
            setIsPublic(chosen.isPublic);
            setOrganizationId(chosen.organizationId);
          }}
          options={[
            {
              value: 'private',
              title: 'Invite only',
              text: 'People you invite, and the group if it is in one.',
            },
            ...organizations.map((organization) => ({
              value: planVisibilityValue({ isPublic: false, organizationId: organization.id }),
              title: `People in ${organization.name}`,
              text: `Everyone in ${organization.name} on Plaza, and people you invite.`,
            })),
            { value: 'public', title: 'Public', text: 'Anyone can find it. Public plans do not repeat.' },
          ]}
        />
      </fieldset>
      {isPublic ? <ExploreSwitch value={initial.explore} /> : null}
      {isPublic ? (
        <FormField
          label="Hashtags"
          id={`${id}-hashtags`}
          hint="Separated by commas, so people exploring find it."
          error={errorFor('hashtags')}
        >
          <input
            id={`${id}-hashtags`}
            name="hashtags"
            defaultValue={initial.hashtags}
            className={`${FIELD_CLASS} h-12`}
            placeholder="picnic, sunset"
            aria-describedby={`${id}-hashtags-hint`}
          />
        </FormField>
      ) : (
        <fieldset className="rounded-3xl border border-line bg-white p-4 sm:p-5">
          <legend className="px-1 text-sm font-bold">Repeat</legend>
          <FormField label="How often" id={`${id}-frequency`} error={errorFor('frequency')}>
            <select
              id={`${id}-frequency`}
              name="frequency"
              value={frequency}
              onChange={(event) => setFrequency(event.target.value)}
              className={`${FIELD_CLASS} h-12`}
            >
              <option value="">Does not repeat</option>
              {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </FormField>
          {repeats && frequency === 'WEEKLY' ? (
            <fieldset className="mt-4">
              <legend className={LABEL_CLASS}>On</legend>
              <div className="flex flex-wrap gap-2">
                {WEEKDAY_LABELS.map((day) => (
                  <label key={day.value} className="cursor-pointer">
                    <input
                      type="checkbox"
                      name="byDay"
                      value={day.value}
                      defaultChecked={initial.byDay.includes(day.value)}
                      className="peer sr-only"
                    />
                    <span
                      className="grid size-11 place-items-center rounded-full border-2 border-line bg-white font-bold peer-checked:border-coral-strong peer-checked:bg-coral-strong peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink"
                      title={day.long}
                    >
                      <span aria-hidden="true">{day.short}</span>
                      <span className="sr-only">{day.long}</span>
                    </span>
                  </label>
                ))}
              </div>
              <p className="mt-1 text-sm text-ink-soft">None chosen: the start’s weekday.</p>
              {errorFor('byDay') ? (
                <p role="alert" className="mt-1 text-sm font-semibold text-coral-strong">
                  {errorFor('byDay')}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {repeats && frequency === 'MONTHLY' ? (
            <div className="mt-4">
              <FormField label="Each month on" id={`${id}-monthly`} error={errorFor('monthly')}>
                <select
                  id={`${id}-monthly`}
                  name="monthly"
                  defaultValue={initial.monthly}
                  className={`${FIELD_CLASS} h-12`}
                >
                  <option value="DAY_OF_MONTH">The same day of the month</option>
                  <option value="ORDINAL_WEEKDAY">The same weekday (e.g. the 2nd Tuesday)</option>
                </select>
              </FormField>
            </div>
          ) : null}
          {repeats ? (
            <div className="mt-4">
              <FormField label="Until (optional)" id={`${id}-endDate`} error={errorFor('endDate')}>
                <input
                  id={`${id}-endDate`}
                  name="endDate"
                  type="date"
                  defaultValue={initial.endDate}
                  className={`${FIELD_CLASS} h-12`}
                />
              </FormField>
            </div>
          ) : null}
        </fieldset>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Link" id={`${id}-link`} hint="A website or a video call." error={errorFor('link')}>
          <input
            id={`${id}-link`}
            name="link"
            type="url"
            inputMode="url"
            defaultValue={initial.link}
            className={`${FIELD_CLASS} h-12`}
            placeholder="https://"
            aria-describedby={`${id}-link-hint`}
          />
        </FormField>
        <FormField
          label="Tickets or sign-up"
          id={`${id}-outUrl`}
          hint="Where people get in, if elsewhere."
          error={errorFor('outUrl')}
        >
          <input
            id={`${id}-outUrl`}
            name="outUrl"
            type="url"
            inputMode="url"
            defaultValue={initial.outUrl}
            className={`${FIELD_CLASS} h-12`}
            placeholder="https://"
            aria-describedby={`${id}-outUrl-hint`}
          />
        </FormField>
      </div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="chat"
          defaultChecked={initial.chat}
          className="mt-1 size-5 accent-coral-strong"
        />
        <span>
          <span className="block font-bold">Plan chat</span>
          <span className="text-sm text-ink-soft">A chat for everyone who is going or interested.</span>
        </span>
      </label>
      {generalError ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {generalError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <button
          type="submit"
          className={buttonClass('primary', 'lg')}
          disabled={fetcher.state !== 'idle' || isUploading}
        >
          {fetcher.state !== 'idle' ? 'Saving…' : submitLabel}
        </button>
      </div>
      {isChoosing ? <RepeatChoiceDialog onChoose={submitWith} onClose={() => setIsChoosing(false)} /> : null}
    </fetcher.Form>
  );
}

/** Spec 4: editing or deleting a repeating plan asks which occurrences it applies to. */
export function RepeatChoiceDialog({
  onChoose,
  onClose,
  prompt = REPEATING_PLAN_EDIT_PROMPT,
}: {
  onChoose: (applyTo: 'ALL' | 'ONLY_THIS') => void;
  onClose: () => void;
  /** "Apply the changes to:" for edits; deleting asks its own question. */
  prompt?: string;
}) {
  return (
    <Dialog title="This plan repeats" onClose={onClose} className="max-w-md">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">{prompt}</p>
        <div className="mt-4 flex flex-col gap-2">
          <button type="button" className={buttonClass('primary')} onClick={() => onChoose('ONLY_THIS')}>
            {REPEATING_PLAN_EDIT_CHOICES.only}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={() => onChoose('ALL')}>
            {REPEATING_PLAN_EDIT_CHOICES.all}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
