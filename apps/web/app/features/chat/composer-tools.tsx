import { useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '../../components/dialog.tsx';
import { FIELD_CLASS, INPUT_CLASS, LABEL_CLASS } from '../../components/form-styles.ts';
import { buttonClass } from '../../components/button-styles.ts';
import { liveRequest } from '../../graphql/live-client.ts';
import { CHAT_MEDIA_ACCEPT, useAttachments, type Attachments } from './use-attachments.ts';

const TOOL =
  'grid size-11 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink';

function ToolButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={TOOL} aria-label={label} onClick={onClick}>
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        {children}
      </svg>
    </button>
  );
}

/** A tool dialog's last lines: what went wrong, if anything, then Cancel and the action. */
function DialogActions({
  problem,
  onCancel,
  submitLabel,
  isBusy = false,
}: {
  problem: string | null;
  onCancel: () => void;
  submitLabel: string;
  isBusy?: boolean;
}) {
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={isBusy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}

export function AttachButton({ attachments }: { attachments: Attachments }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <input
        id={id}
        ref={input}
        hidden
        aria-hidden="true"
        type="file"
        multiple
        accept={CHAT_MEDIA_ACCEPT}
        tabIndex={-1}
        onChange={(event) => {
          attachments.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <ToolButton label="Attach pictures, videos or voice messages" onClick={() => input.current?.click()}>
        <path
          d="M21 11.5l-8.5 8.5a5 5 0 01-7-7L14 4.5a3.5 3.5 0 015 5L10.5 18a2 2 0 01-3-3L15 7.5"
          strokeLinecap="round"
        />
      </ToolButton>
    </>
  );
}

/** The files waiting to go with the next message, with their upload state. */
export function AttachmentTray({ attachments }: { attachments: Attachments }) {
  if (attachments.items.length === 0) return null;
  return (
    <ul className="mb-2 flex gap-2 overflow-x-auto" aria-label="Attachments">
      {attachments.items.map((item) => (
        <li key={item.id} className="relative shrink-0">
          {item.preview ? (
            <img
              src={item.preview}
              alt={item.name}
              className="size-16 rounded-2xl object-cover ring-1 ring-line"
            />
          ) : (
            <span
              className="grid size-16 place-items-center rounded-2xl bg-sand text-2xl"
              role="img"
              aria-label={item.name}
            >
              {item.kind === 'video' ? '🎬' : '🎤'}
            </span>
          )}
          <span className="absolute inset-x-0 bottom-0 rounded-b-2xl bg-ink/70 px-1 text-center text-[0.625rem] font-bold text-white">
            {item.error ? 'Refused' : item.key ? 'Ready' : 'Uploading…'}
          </span>
          <button
            type="button"
            onClick={() => attachments.remove(item.id)}
            className="absolute -top-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-ink text-xs font-bold text-white"
            aria-label={`Remove ${item.name}`}
          >
            ×
          </button>
          {item.error ? <p className="sr-only" role="alert">{`${item.name}: ${item.error}`}</p> : null}
        </li>
      ))}
      {attachments.items.some((item) => item.error) ? (
        <li className="self-center text-xs font-semibold text-coral-strong">
          {attachments.items.find((item) => item.error)?.error}
        </li>
      ) : null}
    </ul>
  );
}

export function PollButton({
  onCreate,
}: {
  onCreate: (poll: { title: string; options: string[]; multiple: boolean }) => Promise<string | null>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <ToolButton label="Create a poll" onClick={() => setIsOpen(true)}>
        <path d="M5 20V10M12 20V4M19 20v-7" strokeLinecap="round" />
      </ToolButton>
      {isOpen
        ? createPortal(<PollDialog onClose={() => setIsOpen(false)} onCreate={onCreate} />, document.body)
        : null}
    </>
  );
}

function PollDialog({
  onClose,
  onCreate,
}: {
  onClose: () => void;
  onCreate: (poll: { title: string; options: string[]; multiple: boolean }) => Promise<string | null>;
}) {
  const [title, setTitle] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const filled = options.map((option) => option.trim()).filter(Boolean);
  const submit = async () => {
    if (!title.trim()) return setProblem('Give the poll a question.');
    if (filled.length < 2) return setProblem('Give at least two options.');
    if (new Set(filled.map((option) => option.toLocaleLowerCase())).size !== filled.length)
      return setProblem('Each option must be different.');
    onClose();
    const failed = await onCreate({ title: title.trim(), options: filled, multiple });
    if (failed) setProblem(failed);
  };
  return (
    <Dialog title="Create a poll" onClose={onClose} className="w-[min(28rem,calc(100vw-2rem))]">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-title`} className={LABEL_CLASS}>
            Question
          </label>
          <input
            id={`${id}-title`}
            className={INPUT_CLASS}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className={LABEL_CLASS}>Options</legend>
          {options.map((option, index) => (
            <div key={index} className="flex gap-2">
              <label htmlFor={`${id}-option-${index}`} className="sr-only">
                Option {index + 1}
              </label>
              <input
                id={`${id}-option-${index}`}
                className={INPUT_CLASS}
                value={option}
                maxLength={100}
                placeholder={`Option ${index + 1}`}
                onChange={(event) =>
                  setOptions((current) =>
                    current.map((value, i) => (i === index ? event.target.value : value)),
                  )
                }
              />
              {options.length > 2 ? (
                <button
                  type="button"
                  className="shrink-0 rounded-full px-3 text-sm font-bold text-ink-soft hover:bg-ink/5"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => setOptions((current) => current.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              ) : null}
            </div>
          ))}
          {options.length < 10 ? (
            <button
              type="button"
              className="text-sm font-bold text-coral-strong"
              onClick={() => setOptions((current) => [...current, ''])}
            >
              + Add an option
            </button>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={multiple}
            onChange={(event) => setMultiple(event.target.checked)}
            className="size-4 accent-coral-strong"
          />
          People may choose several options
        </label>
        <DialogActions problem={problem} onCancel={onClose} submitLabel="Post the poll" />
      </form>
    </Dialog>
  );
}

export function PromptButton({ onCreate }: { onCreate: (question: string) => Promise<string | null> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const id = useId();
  return (
    <>
      <ToolButton label="Ask a prompt" onClick={() => setIsOpen(true)}>
        <path d="M9 9a3 3 0 115 2c-1 .7-2 1.3-2 3M12 18h.01" strokeLinecap="round" />
      </ToolButton>
      {isOpen
        ? createPortal(
            <Dialog
              title="Ask the chat a question"
              onClose={() => setIsOpen(false)}
              className="w-[min(28rem,calc(100vw-2rem))]"
            >
              <form
                className="space-y-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!question.trim()) return;
                  setIsOpen(false);
                  void onCreate(question.trim());
                  setQuestion('');
                }}
              >
                <p className="text-sm text-ink-soft">Everyone answers in the prompt’s thread.</p>
                <div>
                  <label htmlFor={id} className={LABEL_CLASS}>
                    Question
                  </label>
                  <textarea
                    id={id}
                    className={`${FIELD_CLASS} min-h-24 py-2`}
                    maxLength={300}
                    value={question}
                    onChange={(event) => setQuestion(event.target.value)}
                  />
                </div>
                <DialogActions problem={null} onCancel={() => setIsOpen(false)} submitLabel="Ask" />
              </form>
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}

const MY_PLANS = `query MyPlansToShare { myPlans { plans { key title start { utc } } } }`;

interface ShareablePlan {
  key: string;
  title: string;
  start: { utc: string };
}

/** Shares one of the viewer's upcoming plans into the chat (irl/event). */
export function SharePlanButton({ onShare }: { onShare: (plan: { key: string; title: string }) => void }) {
  const [plans, setPlans] = useState<ShareablePlan[] | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async () => {
    setIsOpen(true);
    setProblem(null);
    const result = await liveRequest<{ myPlans: { plans: ShareablePlan[] } }>(MY_PLANS, {}).catch(() => null);
    if (result?.data) setPlans(result.data.myPlans.plans);
    else setProblem('Your plans could not be loaded. Try again.');
  };
  return (
    <>
      <ToolButton label="Share a plan" onClick={() => void open()}>
        <rect x="4" y="5" width="16" height="15" rx="3" />
        <path d="M8 3v4M16 3v4M4 10h16" strokeLinecap="round" />
      </ToolButton>
      {isOpen
        ? createPortal(
            <Dialog
              title="Share a plan"
              onClose={() => setIsOpen(false)}
              className="w-[min(28rem,calc(100vw-2rem))]"
            >
              <div className="px-6 pt-2 pb-6">
                {problem ? (
                  <p role="alert" className="text-sm font-semibold text-coral-strong">
                    {problem}
                  </p>
                ) : null}
                {plans === null && !problem ? <p className="text-ink-soft">Loading your plans…</p> : null}
                {plans?.length === 0 ? (
                  <p className="text-ink-soft">You have no upcoming plans to share yet.</p>
                ) : null}
                {plans && plans.length > 0 ? (
                  <ul className="space-y-2">
                    {plans.map((plan) => (
                      <li key={plan.key}>
                        <button
                          type="button"
                          className="block w-full rounded-2xl border-2 border-line bg-white px-4 py-3 text-left font-bold hover:border-coral-strong"
                          onClick={() => {
                            setIsOpen(false);
                            onShare(plan);
                          }}
                        >
                          {plan.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </Dialog>,
            document.body,
          )
        : null}
    </>
  );
}

/** Makes a memix (irl/memix): a picture with a caption above and below, drawn over it. */
export function MemixButton({
  onSend,
}: {
  onSend: (memix: { mediaKey: string; top: string; bottom: string; preview: string | null }) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <ToolButton label="Make a memix" onClick={() => setIsOpen(true)}>
        <rect x="3" y="4" width="18" height="16" rx="3" />
        <path d="M7 8h10M7 16h10" strokeLinecap="round" />
      </ToolButton>
      {isOpen
        ? createPortal(<MemixDialog onClose={() => setIsOpen(false)} onSend={onSend} />, document.body)
        : null}
    </>
  );
}

function MemixDialog({
  onClose,
  onSend,
}: {
  onClose: () => void;
  onSend: (memix: { mediaKey: string; top: string; bottom: string; preview: string | null }) => void;
}) {
  const attachments = useAttachments();
  const [top, setTop] = useState('');
  const [bottom, setBottom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const picture = attachments.items[0] ?? null;
  const submit = () => {
    if (!picture?.key) return setProblem(picture?.error ?? 'Choose a picture first.');
    if (!top.trim() && !bottom.trim()) return setProblem('Write a caption above or below the picture.');
    onSend({ mediaKey: picture.key, top, bottom, preview: picture.preview });
    onClose();
  };
  return (
    <Dialog title="Make a memix" onClose={onClose} className="w-[min(28rem,calc(100vw-2rem))]">
      <form
        className="space-y-4 px-6 pt-2 pb-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-picture`} className={LABEL_CLASS}>
            Picture
          </label>
          <input
            id={`${id}-picture`}
            type="file"
            accept="image/*"
            className="block w-full text-sm"
            onChange={(event) => {
              attachments.clear();
              attachments.add([...(event.target.files ?? [])].slice(0, 1));
            }}
          />
          {picture?.preview ? (
            <figure className="relative mt-3 overflow-hidden rounded-2xl bg-ink">
              <img src={picture.preview} alt="" className="block w-full" />
              <span
                aria-hidden="true"
                className="absolute inset-x-2 top-2 text-center text-lg font-black text-white uppercase [text-shadow:0_0_3px_#000]"
              >
                {top}
              </span>
              <span
                aria-hidden="true"
                className="absolute inset-x-2 bottom-2 text-center text-lg font-black text-white uppercase [text-shadow:0_0_3px_#000]"
              >
                {bottom}
              </span>
            </figure>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-top`} className={LABEL_CLASS}>
            Caption above
          </label>
          <input
            id={`${id}-top`}
            className={INPUT_CLASS}
            maxLength={80}
            value={top}
            onChange={(event) => setTop(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-bottom`} className={LABEL_CLASS}>
            Caption below
          </label>
          <input
            id={`${id}-bottom`}
            className={INPUT_CLASS}
            maxLength={80}
            value={bottom}
            onChange={(event) => setBottom(event.target.value)}
          />
        </div>
        <DialogActions
          problem={problem}
          onCancel={onClose}
          submitLabel={attachments.isUploading ? 'Uploading…' : 'Send the memix'}
          isBusy={attachments.isUploading}
        />
      </form>
    </Dialog>
  );
}

/**
 * The composer's extra tools: beside the box when the composer is wide; when it is narrow (a phone,
 * or a side view open) behind a + button, above the box, so the box keeps its width.
 */
export function MoreTools({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${TOOL} @xl:hidden`}
        aria-label="More ways to post"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((value) => !value)}
      >
        <svg
          viewBox="0 0 24 24"
          className={`size-5 transition-transform ${isOpen ? 'rotate-45' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <path d="M12 5v14M5 12h14" strokeLinecap="round" />
        </svg>
      </button>
      <div
        className={`${isOpen ? 'flex' : 'hidden'} absolute bottom-full left-3 mb-2 gap-1 rounded-2xl bg-white p-1 shadow-lg ring-1 ring-line @xl:static @xl:mb-0 @xl:flex @xl:bg-transparent @xl:p-0 @xl:shadow-none @xl:ring-0`}
      >
        {children}
      </div>
    </>
  );
}
