import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { FIELD_CLASS } from '../../components/form-styles.ts';
import { PinIcon } from '../../components/icons.tsx';
import type { PlaceOption } from '../../routes/event-places.ts';

/** The place a plan form sends: a chosen place (placeId) or what the person typed. */
export interface ChosenPlace {
  placeId: string | null;
  name: string;
  address: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
}

export const NO_PLACE: ChosenPlace = {
  placeId: null,
  name: '',
  address: '',
  city: '',
  state: '',
  latitude: null,
  longitude: null,
  timezone: null,
};

function placeLine(place: PlaceOption): string {
  return [
    place.address,
    place.city && place.city !== place.name ? place.city : null,
    place.state,
    place.country,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * A combobox over searchLocations (ARIA 1.2 pattern): type, pick with the arrows and Enter or a
 * click. Choosing fills hidden fields; typing without choosing keeps the text as the place's name.
 */
export function PlaceSearch({
  initial,
  inputId,
  describedBy,
  placeholder = 'Search a city or a venue',
  onChange,
  onPick,
  source = '/event/places',
}: {
  initial: ChosenPlace;
  inputId: string;
  describedBy?: string;
  placeholder?: string;
  onChange?: (place: ChosenPlace) => void;
  /** Called with the option chosen from the list (explore goes there at once). */
  onPick?: (option: PlaceOption) => void;
  /** The resource route answering the search (the plan form's needs an account; explore's does not). */
  source?: string;
}) {
  const fetcher = useFetcher<{ q: string; places: PlaceOption[]; error: string | null }>();
  const [place, setPlace] = useState<ChosenPlace>(initial);
  const [text, setText] = useState(initial.name || initial.city);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const near = useRef<{ lat: number; lng: number } | null>(
    initial.latitude !== null && initial.longitude !== null
      ? { lat: initial.latitude, lng: initial.longitude }
      : null,
  );
  const listId = useId();
  const timer = useRef<number | undefined>(undefined);
  const places = fetcher.data?.places ?? [];

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function choose(next: ChosenPlace) {
    setPlace(next);
    onChange?.(next);
  }

  function search(value: string) {
    setText(value);
    choose({ ...NO_PLACE, name: value });
    window.clearTimeout(timer.current);
    if (value.trim().length < 2) {
      setIsOpen(false);
      return;
    }
    timer.current = window.setTimeout(() => {
      const query = new URLSearchParams({ q: value.trim() });
      if (near.current) {
        query.set('lat', String(near.current.lat));
        query.set('lng', String(near.current.lng));
      }
      void fetcher.load(`${source}?${query.toString()}`);
      setIsOpen(true);
      setActive(-1);
    }, 200);
  }

  function pick(option: PlaceOption) {
    const isCity = option.kind === 'CITY';
    choose({
      placeId: option.id,
      name: option.name,
      address: option.address ?? '',
      city: isCity ? option.name : (option.city ?? ''),
      state: option.state ?? '',
      latitude: option.latitude,
      longitude: option.longitude,
      timezone: option.timezone,
    });
    setText(option.name);
    setIsOpen(false);
    onPick?.(option);
  }

  const showList = isOpen && text.trim().length >= 2;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative">
      <input type="hidden" name="placeId" value={place.placeId ?? ''} />
      <input type="hidden" name="placeAddress" value={place.address} />
      <input type="hidden" name="placeCity" value={place.city} />
      <input type="hidden" name="placeState" value={place.state} />
      <input type="hidden" name="placeLatitude" value={place.latitude ?? ''} />
      <input type="hidden" name="placeLongitude" value={place.longitude ?? ''} />
      <input type="hidden" name="placeTimezone" value={place.timezone ?? ''} />
      <PinIcon className="pointer-events-none absolute top-3.5 left-4 size-5 text-ink-soft" />
      <input
        id={inputId}
        name="placeName"
        value={text}
        onChange={(event) => search(event.target.value)}
        onBlur={() => window.setTimeout(() => setIsOpen(false), 150)}
        onKeyDown={(event) => {
          if (!showList || places.length === 0) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => (i + 1) % places.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
          } else if (event.key === 'Enter' && active >= 0) {
            event.preventDefault();
            pick(places[active]!);
          } else if (event.key === 'Escape') {
            setIsOpen(false);
          }
        }}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        className={`${FIELD_CLASS} h-12 pl-11`}
      />
      {place.placeId ? (
        <p className="mt-1 text-sm text-ink-soft" data-testid="chosen-place">
          {[place.address, place.city, place.state].filter(Boolean).join(', ') || place.name}
          {place.timezone ? ` · times in ${place.timezone.replaceAll('_', ' ')}` : ''}
        </p>
      ) : null}
      <div
        hidden={!showList}
        className="absolute z-20 mt-1 w-full rounded-2xl border border-line bg-white py-1 shadow-xl shadow-plum/10"
      >
        <ul id={listId} role="listbox" aria-label="Places" className="max-h-72 overflow-y-auto">
          {fetcher.state !== 'idle' && places.length === 0 ? (
            <li className="px-4 py-3 text-sm text-ink-soft">Searching…</li>
          ) : places.length === 0 ? (
            <li className="px-4 py-3 text-sm text-ink-soft">
              {fetcher.data?.error ?? 'No place found. Your text will be used as it is.'}
            </li>
          ) : (
            places.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                className={`cursor-pointer px-4 py-2.5 ${index === active ? 'bg-sand' : 'hover:bg-sand/60'}`}
              >
                <span className="block font-semibold">{option.name}</span>
                <span className="block text-sm text-ink-soft">{placeLine(option)}</span>
              </li>
            ))
          )}
        </ul>
        <p className="border-t border-line px-4 pt-2 pb-1 text-xs text-ink-soft">
          Cities from GeoNames (CC BY 4.0)
        </p>
      </div>
    </div>
  );
}
