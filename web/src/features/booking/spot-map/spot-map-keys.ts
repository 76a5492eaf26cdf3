import { spotRows } from '../../../lib/spot-numbers';

/**
 * Keyboard model of the spot map (./spot-map.tsx), kept pure so every key is tested alone.
 * Spots are numbered by lib/spot-numbers.ts, as the server numbers them.
 */

/** The keys of a keydown event this model reads (a React or DOM KeyboardEvent fits). */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * The column of `toLength` seats nearest to `column` of a row of `fromLength`, rows drawn centred.
 * Positions are doubled offsets from the row's centre, so they stay integers and ties are exact.
 * A tie goes to the seat farther from the centre, so the room's edges line up (1 ↓ 5 and 4 ↓ 9 in '4,5');
 * from the very centre it goes to the lower number.
 */
function nearestColumn(fromLength: number, column: number, toLength: number): number {
  const from = 2 * column - (fromLength - 1);
  const offset = (k: number) => 2 * k - (toLength - 1);
  let best = 0;
  for (let k = 1; k < toLength; k++) {
    const distance = Math.abs(offset(k) - from);
    const bestDistance = Math.abs(offset(best) - from);
    if (distance < bestDistance || (distance === bestDistance && Math.abs(offset(k)) > Math.abs(offset(best)))) best = k;
  }
  return best;
}

/**
 * The spot that gets focus after `press` on spot `current`, or null when the key is not the map's
 * (Tab, Enter, Space and letters keep their usual meaning). Arrows never wrap: at an edge focus stays.
 * ←/→ within the row; ↑/↓ to the nearest seat of the row in front/behind; Home/End the row's first/last;
 * Ctrl+Home/End the first/last spot; PageUp/PageDown the nearest seat of the first/last row.
 * With Alt, Meta or Shift held the key is left alone: Alt+← and ⌘+← are the browser's Back.
 */
export function moveFocus(rows: readonly number[], current: number, press: KeyPress): number | null {
  if (press.altKey || press.metaKey || press.shiftKey) return null;
  const grid = spotRows(rows);
  const row = grid.findIndex((seats) => seats.includes(current));
  const seats = grid[row];
  if (seats === undefined) throw new RangeError(`Spot ${current} is not on the map ${rows.join(',')}.`);
  const column = seats.indexOf(current);
  const last = grid.length - 1;
  const toRow = (target: number) => {
    const targetSeats = grid[target] as number[];
    return targetSeats[nearestColumn(seats.length, column, targetSeats.length)] as number;
  };

  if (press.ctrlKey) {
    if (press.key === 'Home') return 1;
    if (press.key === 'End') return grid.flat().length;
    return null;
  }
  switch (press.key) {
    case 'ArrowLeft':
      return seats[Math.max(0, column - 1)] as number;
    case 'ArrowRight':
      return seats[Math.min(seats.length - 1, column + 1)] as number;
    case 'Home':
      return seats[0] as number;
    case 'End':
      return seats[seats.length - 1] as number;
    case 'ArrowUp':
      return toRow(Math.max(0, row - 1));
    case 'ArrowDown':
      return toRow(Math.min(last, row + 1));
    case 'PageUp':
      return toRow(0);
    case 'PageDown':
      return toRow(last);
    default:
      return null;
  }
}
