import { useEffect, useRef } from 'react';

/**
 * Radio choices as large cards (a title and a line each), the chosen one outlined. The radios are
 * the browser's own (`defaultChecked`), the form's state follows their changes: a choice made
 * before the page hydrated (the server's HTML answers clicks natively) is kept, and told to the form
 * once hydrated, instead of being set back to the form's first value when React takes over.
 */
export function ChoiceCards<T extends string>({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: ReadonlyArray<{ value: T; title: string; text: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  // Read once, on hydration: later changes come through onChange.
  const first = useRef({ value, onChange, options });
  useEffect(() => {
    const chosen = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const known = first.current.options.find((option) => option.value === chosen?.value);
    if (known && known.value !== first.current.value) first.current.onChange(known.value);
  }, []);
  return (
    <div ref={group} className="grid gap-2 sm:grid-cols-2">
      {options.map((option) => {
        const isOn = option.value === value;
        return (
          <label
            key={option.value}
            className={`flex cursor-pointer gap-3 rounded-2xl border-2 p-4 ${isOn ? 'border-coral-strong bg-coral-soft/30' : 'border-line bg-white'}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={isOn}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 accent-coral-strong"
            />
            <span>
              <span className="block font-bold">{option.title}</span>
              <span className="text-sm text-ink-soft">{option.text}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
