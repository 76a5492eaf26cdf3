/**
 * The service areas' faces (ADR 0069, ADR 0123), as `npm run lint` keeps them:
 * the repository's own ESLint configuration, run on small sources placed at
 * real paths, so a zone dropped or mistyped in eslint.config.js fails here.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const { default: config } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as { default: Linter.Config[] };
const linter = new Linter({ configType: 'flat', cwd: root });
// Only the entries that carry the import boundaries: the type-aware rules need a TypeScript program these sources are not in.
const boundaryConfigs = config
  .filter((entry) => entry.rules && 'local/boundaries' in entry.rules)
  .map((entry) => ({ ...entry, languageOptions: { parser: tseslint.parser as Linter.Parser, sourceType: 'module' as const } }));

/** The boundary messages for `source` linted as the file at `file` (relative to the repository). */
function boundaryErrors(file: string, source: string): string[] {
  return linter
    .verify(source, boundaryConfigs, { filename: path.join(root, file) })
    .filter((message) => message.ruleId === 'local/boundaries')
    .map((message) => message.message);
}

describe('service areas import each other through their top-level modules only', () => {
  it('keeps booking/places/ private to booking', () => {
    expect(
      boundaryErrors('functions/src/services/waitlist/promote-waitlist.ts', "import { writeNewReservation } from '../booking/places/write-reservation';\n"),
    ).toEqual([expect.stringContaining('Outside services/booking, import only its top-level modules')]);
    expect(boundaryErrors('functions/src/routes/class-reservations.ts', "import { chooseSpots } from '../services/booking/places/guest-spot';\n")).toHaveLength(
      1,
    );
    expect(
      boundaryErrors('emulators/seed/history.ts', "import { reservationNumbers } from '../../functions/src/services/booking/places/reservation-numbers';\n"),
    ).toHaveLength(1);
  });

  it("lets booking use its own insides and anyone use booking's top", () => {
    expect(boundaryErrors('functions/src/services/booking/book-class.ts', "import { chooseSpots } from './places/guest-spot';\n")).toEqual([]);
    expect(
      boundaryErrors('functions/src/services/waitlist/promote-waitlist.ts', "import { bookFromWaitlist } from '../booking/book-from-waitlist';\n"),
    ).toEqual([]);
  });

  it('keeps the purchases zones (ADR 0069)', () => {
    expect(boundaryErrors('functions/src/routes/checkout.ts', "import { x } from '../services/purchases/card/x';\n")).toHaveLength(1);
    expect(boundaryErrors('functions/src/services/purchases/lifecycle/x.ts', "import { y } from '../checkout/y';\n")).toEqual([
      expect.stringContaining("purchases/lifecycle/ is the area's bottom"),
    ]);
  });

  it('lets only the waitlist write the line, while anyone may read it', () => {
    const write = "import { endWaitlist, getWaiting } from '../../data/repos/waitlists-repo';\n";
    expect(boundaryErrors('functions/src/services/booking/book-class.ts', write)).toEqual([expect.stringContaining('Only services/waitlist writes the line')]);
    expect(boundaryErrors('functions/src/services/waitlist/leave-line-on-booking.ts', write)).toEqual([]);
    expect(
      boundaryErrors('functions/src/services/schedule/my-places.ts', "import { getWaiting, listWaitingOfCustomer } from '../../data/repos/waitlists-repo';\n"),
    ).toEqual([]);
    expect(boundaryErrors('functions/src/services/mail/booking-mail.ts', "import type { WaitlistDoc } from '../../data/repos/waitlists-repo';\n")).toEqual([]);
    expect(boundaryErrors('functions/src/services/mail/booking-mail.ts', "import * as line from '../../data/repos/waitlists-repo';\n")).toHaveLength(1);
  });
});
