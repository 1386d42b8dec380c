/**
 * Radio choices as large cards (a title and a line each), the chosen one outlined. A choice made
 * before the page hydrated reaches the form through the client entry's replay (early-input.ts).
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
  return (
    <div className="grid gap-2 sm:grid-cols-2">
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
              checked={isOn}
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
