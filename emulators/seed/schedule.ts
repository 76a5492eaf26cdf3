import { studioWallTimeToInstant, studioWeekDays, studioWeekStart } from '@studio/shared/format/dates';
import { classTypes } from './catalogue';
import { STUDIO_TZ, type SeedSet } from './seed-set';

interface Slot {
  time: string;
  class_type_id: number;
  instructor_id: number;
  location_id: number;
  capacity: number;
  tag_ids: number[];
}

const weekdaySlots: Slot[] = [
  { time: '07:00', class_type_id: 1, instructor_id: 1, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '08:30', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] },
  { time: '19:00', class_type_id: 3, instructor_id: 2, location_id: 1, capacity: 16, tag_ids: [2] },
  { time: '20:15', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [] },
  { time: '07:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [1] },
  { time: '18:30', class_type_id: 2, instructor_id: 3, location_id: 2, capacity: 14, tag_ids: [] },
];
const saturdaySlots: Slot[] = [
  { time: '09:00', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '10:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [] },
];
const sundaySlots: Slot[] = [{ time: '10:00', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] }];

/** Two studio weeks of classes starting on the Monday of the week of `now`. */
function singleClasses(now: Date) {
  const start = studioWeekStart(now, STUDIO_TZ);
  const nextWeek = new Date(start.getTime() + 7 * 24 * 3600 * 1000);
  const days = [...studioWeekDays(start, STUDIO_TZ), ...studioWeekDays(nextWeek, STUDIO_TZ)];
  const classes = [];
  let id = 1;
  for (const [index, day] of days.entries()) {
    const weekday = index % 7; // 0 = Monday
    const slots = weekday < 5 ? weekdaySlots : weekday === 5 ? saturdaySlots : sundaySlots;
    for (const slot of slots) {
      const type = classTypes.find((t) => t.class_type_id === slot.class_type_id);
      classes.push({
        single_class_id: id++,
        class_date: studioWallTimeToInstant(day, slot.time, STUDIO_TZ),
        duration_minutes: 50,
        description: type?.description ?? null,
        capacity: type?.spot_map ? type.spot_map.split(',').reduce((sum, n) => sum + Number(n), 0) : slot.capacity,
        booked: 0,
        class_type_id: slot.class_type_id,
        location_id: slot.location_id,
        instructor_ids: [slot.instructor_id],
        tag_ids: slot.tag_ids,
        class_category_id: null,
        class_package_id: null,
        status: 'scheduled',
      });
    }
  }
  return classes;
}

export function seedSchedule(now: Date): SeedSet {
  const classes = singleClasses(now);
  return {
    docs: classes.map((c) => [`single_classes/${c.single_class_id}`, { ...c, createdAt: now }]),
    counters: { single_classes: classes.length },
  };
}
