import { fill } from '@studio/shared/messages';
import { spotMapMessages as m } from '@studio/shared/messages/spot-map';
import { useId, useRef, useState } from 'react';
import { spotRows } from '../../../lib/spot-numbers';
import { moveFocus } from './spot-map-keys';
import './spot-map.css';

export interface SpotMapProps {
  /** Row sizes, front row first (parseSpotMap of the class's spot_map). */
  rows: readonly number[];
  /** Spots anyone may pick (the server's free_spots). */
  free: readonly number[];
  /** The customer's own spots in this class: shown as theirs, not pickable. */
  mine?: readonly number[];
  selected: number | null;
  onSelect: (spot: number) => void;
  /** Accessible name of the map. */
  label: string;
  /** While a booking is being sent: seats stay focusable but cannot be picked. */
  disabled?: boolean;
}

type SeatState = 'free' | 'taken' | 'mine';

const SEAT_NAME: Record<SeatState, string> = { free: m.seatFree, taken: m.seatTaken, mine: m.seatMine };
const LEGEND = ['free', 'taken', 'mine', 'selected'] as const;

/**
 * The seat picker: one native button per spot, rows centred under the front of the room.
 * A roving tabindex keeps the whole map a single Tab stop; arrows walk every seat, taken ones
 * too, so a screen reader user learns the room's layout (keyboard model in ./spot-map-keys.ts).
 * Unpickable seats use aria-disabled, not disabled, so they stay focusable.
 */
export function SpotMap({ rows, free, mine = [], selected, onSelect, label, disabled = false }: SpotMapProps) {
  const grid = spotRows(rows);
  const spots = grid.flat();
  const freeSet = new Set(free);
  const mineSet = new Set(mine);
  const stateOf = (spot: number): SeatState => (mineSet.has(spot) ? 'mine' : freeSet.has(spot) ? 'free' : 'taken');

  // The last seat focused keeps the Tab stop, so Tab away and back returns to it.
  const [focused, setFocused] = useState<number | null>(null);
  // Announced only once the parent has taken the pick as `selected`, so a refused pick is never announced.
  const [picked, setPicked] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const instructionsId = useId();

  const onMap = (spot: number | null): spot is number => spot !== null && spot >= 1 && spot <= spots.length;
  const tabStop = onMap(focused) ? focused : onMap(selected) ? selected : (spots.find((spot) => stateOf(spot) === 'free') ?? 1);

  const pick = (spot: number) => {
    if (disabled || stateOf(spot) !== 'free') return;
    setPicked(spot);
    onSelect(spot);
  };

  return (
    <div className="spot-map">
      <p id={instructionsId} className="spot-map__instructions muted">
        {m.instructions}
      </p>
      <div role="group" aria-label={label} aria-describedby={instructionsId} className="spot-map__room">
        <div className="spot-map__rows">
          <p className="spot-map__front">{m.front}</p>
          {grid.map((seats, row) => (
            <div key={row} role="group" aria-label={fill(m.row, { row: row + 1 })} className="spot-map__row">
              {seats.map((spot) => {
                const state = stateOf(spot);
                const isSelected = state === 'free' && spot === selected;
                return (
                  <button
                    key={spot}
                    ref={(button) => {
                      if (button) buttons.current.set(spot, button);
                      return () => {
                        buttons.current.delete(spot);
                      };
                    }}
                    type="button"
                    className={`spot-map__seat is-${isSelected ? 'selected' : state}`}
                    tabIndex={spot === tabStop ? 0 : -1}
                    aria-label={fill(SEAT_NAME[state], { spot })}
                    aria-pressed={state === 'free' ? isSelected : undefined}
                    aria-disabled={disabled || state !== 'free' ? true : undefined}
                    onFocus={() => setFocused(spot)}
                    onClick={() => pick(spot)}
                    onKeyDown={(event) => {
                      const next = moveFocus(rows, spot, event);
                      if (next === null) return;
                      // Arrows and Page keys would otherwise also scroll the modal or the page.
                      event.preventDefault();
                      buttons.current.get(next)?.focus();
                    }}
                  >
                    {spot}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {picked !== null && picked === selected ? fill(m.picked, { spot: picked }) : ''}
      </p>
      <ul className="spot-map__legend">
        {LEGEND.map((state) => (
          <li key={state}>
            <span className={`spot-map__swatch is-${state}`} aria-hidden="true" />
            {m.legend[state]}
          </li>
        ))}
      </ul>
    </div>
  );
}
