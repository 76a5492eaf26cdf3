import { fill } from '@studio/shared/messages';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import { spotMapTotal } from '@studio/shared/schemas/single-class';
import { AppError, invalidFields } from '../../domain/errors';

const s = scheduleMessages;

export interface Layout {
  capacity: number;
  spot_map: string | null;
}

export interface LayoutChange {
  /** What the admin sent; absent fields keep (or inherit) their value. */
  capacity?: number | undefined;
  spot_map?: string | null | undefined;
  /** The chosen class type's map when the class type is being set; undefined otherwise. */
  classTypeSpotMap: string | null | undefined;
  /** The class as stored, or null when creating. */
  previous: (Layout & { booked: number }) | null;
  /** How the class is named in conflict messages (its studio date). */
  label: string;
}

/** '4, 5,5' → '4,5,5'; anything that is not a list of row sizes means "no map". */
const normalizeMap = (map: string | null) =>
  spotMapTotal(map) === null
    ? null
    : (map as string)
        .split(',')
        .map((row) => Number(row.trim()))
        .join(',');

/**
 * Capacity and spot map of a class after a create or edit.
 * - The map is the one sent, else the class type's when a class type is
 *   chosen, else the current one.
 * - Capacity is the one sent, else the current one, else (new or re-mapped
 *   class) the number of spots; with neither, it must be sent (400).
 * - Capacity never exceeds the map's spots (400), never drops below the
 *   current bookings (409), and a booked class keeps its map (409) so no
 *   booked spot disappears.
 */
export function resolveLayout(change: LayoutChange): Layout {
  const { previous } = change;
  const requested =
    change.spot_map !== undefined ? change.spot_map : change.classTypeSpotMap !== undefined ? change.classTypeSpotMap : (previous?.spot_map ?? null);
  const spotMap = normalizeMap(requested);
  const spots = spotMapTotal(spotMap);
  const mapChanged = previous !== null && previous.spot_map !== spotMap;
  const capacity = change.capacity ?? (previous !== null && !mapChanged ? previous.capacity : (spots ?? previous?.capacity ?? null));
  if (capacity === null) throw invalidFields({ capacity: s.capacityRequired });
  if (spots !== null && capacity > spots) {
    throw invalidFields({ capacity: fill(s.capacityOverSpots, { n: spots }) });
  }
  if (previous !== null && mapChanged && previous.booked > 0) {
    throw new AppError('conflict', 'single_class/spot-map-locked', fill(s.spotMapLocked, { date: change.label }));
  }
  if (previous !== null && capacity < previous.booked) {
    throw new AppError(
      'conflict',
      'single_class/capacity-below-booked',
      fill(s.capacityBelowBooked, { capacity, date: change.label, booked: previous.booked }),
    );
  }
  return { capacity, spot_map: spotMap };
}
