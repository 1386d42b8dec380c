import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { ChoiceCards } from '../../components/choice-cards.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FIELD_CLASS, LABEL_CLASS } from '../../components/form-styles.ts';
import { ExploreSwitch } from '../../components/explore-switch.tsx';
import { uploadImage } from '../../components/upload-image.ts';

export interface GroupFormValues {
  title: string;
  description: string;
  image: string | null;
  isPublic: boolean;
  hasJoinRequests: boolean;
  hashtags: string;
  city: string;
  /** In dollars; empty for a free group. */
  price: string;
  recurrence: string;
  /** Shown in Explore (spec 4's form value): true, false, or null when moderators blocked it. */
  explore: boolean | null;
}

export const EMPTY_GROUP: GroupFormValues = {
  title: '',
  description: '',
  image: null,
  isPublic: false,
  hasJoinRequests: false,
  hashtags: '',
  city: '',
  price: '',
  recurrence: 'MONTHLY',
  explore: true,
};

const BILLING = [
  { value: 'MONTHLY', label: 'Every month' },
  { value: 'YEARLY', label: 'Every year' },
  { value: 'WEEKLY', label: 'Every week' },
  { value: '', label: 'Once' },
];

interface SaveAnswer {
  ok: boolean;
  field?: string | null;
  message?: string;
}

/**
 * The group form of /community/create and the edit modal: name, cover photo, description, who can
 * see it and how people get in, hashtags and city. Posts intent "save" to `action`.
 */
export function GroupForm({
  initial,
  action,
  submitLabel,
  canSetPrice = false,
}: {
  initial: GroupFormValues;
  action: string;
  submitLabel: string;
  /** The server's paid-content check passed (decision 0008): show the price fields. */
  canSetPrice?: boolean;
}) {
  const fetcher = useFetcher<SaveAnswer>();
  const [image, setImage] = useState<string | null>(initial.image);
  const [imageError, setImageError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [isPublic, setIsPublic] = useState(initial.isPublic);
  const id = useId();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errorFor = (field: string) => (error?.field === field ? (error.message ?? null) : null);
  const generalError =
    error &&
    !['title', 'description', 'image', 'hashtags', 'location', 'price', 'payment', 'recurrence'].includes(
      error.field ?? '',
    )
      ? error.message
      : null;

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setImageError(null);
    setIsUploading(true);
    const result = await uploadImage(file, 'image');
    setIsUploading(false);
    if ('path' in result) setImage(result.path);
    else setImageError(result.error);
  }

  return (
    <fetcher.Form
      data-submit-after-hydration=""
      method="post"
      action={action}
      className="flex flex-col gap-5"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="image" value={image ?? ''} />
      <div>
        <span className={LABEL_CLASS} id={`${id}-cover-label`}>
          Cover photo
        </span>
        <div className="relative grid aspect-[3/1] place-items-center overflow-hidden rounded-3xl border-2 border-dashed border-line bg-sand/60">
          {image ? (
            <img
              src={image}
              alt="Cover photo of the group"
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
          <label
            className={`relative z-10 cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-coral-strong ${buttonClass(image ? 'secondary' : 'primary')}`}
          >
            {isUploading ? 'Uploading…' : image ? 'Change photo' : 'Add a cover photo'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              aria-labelledby={`${id}-cover-label`}
              onChange={(event) => void chooseImage(event.target.files?.[0])}
            />
          </label>
        </div>
        {imageError || errorFor('image') ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-coral-strong">
            {imageError ?? errorFor('image')}
          </p>
        ) : null}
      </div>
      <FormField label="Name" id={`${id}-title`} error={errorFor('title')}>
        <input
          id={`${id}-title`}
          name="title"
          defaultValue={initial.title}
          maxLength={100}
          required
          className={`${FIELD_CLASS} h-12`}
          placeholder="Sunday Hikers"
          aria-invalid={Boolean(errorFor('title'))}
        />
      </FormField>
      <FormField label="What is it about?" id={`${id}-description`} error={errorFor('description')}>
        <textarea
          id={`${id}-description`}
          name="description"
          defaultValue={initial.description}
          rows={4}
          maxLength={2000}
          className={`${FIELD_CLASS} py-3`}
          placeholder="Easy hikes around town, every other Sunday. Beginners welcome."
        />
      </FormField>
      <fieldset>
        <legend className={LABEL_CLASS}>Who can find it</legend>
        <ChoiceCards
          name="visibility"
          value={isPublic ? 'public' : 'private'}
          onChange={(value) => setIsPublic(value === 'public')}
          options={[
            { value: 'public', title: 'Public', text: 'Anyone can find it and see who is in it.' },
            { value: 'private', title: 'Private', text: 'Only people with the link or an invitation.' },
          ]}
        />
      </fieldset>
      {isPublic ? <ExploreSwitch value={initial.explore} /> : null}
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="hasJoinRequests"
          defaultChecked={initial.hasJoinRequests}
          className="mt-1 size-5 accent-coral-strong"
        />
        <span>
          <span className="block font-bold">Approve new members</span>
          <span className="text-sm text-ink-soft">People ask to join and a moderator says yes or no.</span>
        </span>
      </label>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Hashtags"
          id={`${id}-hashtags`}
          hint="Separated by commas; an emoji after a word is its icon."
          error={errorFor('hashtags')}
        >
          <input
            id={`${id}-hashtags`}
            name="hashtags"
            defaultValue={initial.hashtags}
            className={`${FIELD_CLASS} h-12`}
            placeholder="hiking 🥾, outdoors"
            aria-describedby={`${id}-hashtags-hint`}
          />
        </FormField>
        <FormField label="City" id={`${id}-city`} error={errorFor('location')}>
          <input
            id={`${id}-city`}
            name="city"
            defaultValue={initial.city}
            className={`${FIELD_CLASS} h-12`}
            placeholder="Lisbon"
            autoComplete="address-level2"
          />
        </FormField>
      </div>
      {canSetPrice ? (
        <fieldset className="grid gap-5 rounded-2xl bg-sand/60 p-4 sm:grid-cols-2">
          <legend className="sr-only">Membership price</legend>
          <input type="hidden" name="hasPayment" value="1" />
          <FormField
            label="Price in USD"
            id={`${id}-price`}
            hint="Leave empty for a free group."
            error={errorFor('price') ?? errorFor('payment')}
          >
            <input
              id={`${id}-price`}
              name="price"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              defaultValue={initial.price}
              className={`${FIELD_CLASS} h-12`}
              aria-describedby={`${id}-price-hint`}
            />
          </FormField>
          <FormField label="Billing" id={`${id}-recurrence`} error={errorFor('recurrence')}>
            <select
              id={`${id}-recurrence`}
              name="recurrence"
              defaultValue={initial.recurrence}
              className={`${FIELD_CLASS} h-12`}
            >
              {BILLING.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormField>
        </fieldset>
      ) : null}
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
    </fetcher.Form>
  );
}
