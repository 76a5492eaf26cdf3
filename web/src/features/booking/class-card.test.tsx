import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeClass } from '../../../test/catalogue-fixtures';
import { cardState } from './calendar-rules';
import { ClassCard } from './class-card';

const NONE = { book: false, buy: false, waitlist: false, waiting: null, cancelOwn: null, cancelGuest: null, guest: false };

function renderCard(c = makeClass()) {
  render(
    <ul>
      <ClassCard c={c} tz="America/Mexico_City" state={cardState(c)} actions={NONE} started={false} onCommand={() => undefined} />
    </ul>,
  );
}

describe('class card spots badge', () => {
  it("says 'Sold Out' for a class counted as full even when spots_left disagrees (capacity missing)", () => {
    renderCard(makeClass({ capacity: null as unknown as number, spots_left: 9 }));
    expect(screen.getByText('Sin Lugares')).toBeInTheDocument();
    expect(screen.getByText('Sold Out')).toBeInTheDocument();
    expect(screen.queryByText('9 lugares')).not.toBeInTheDocument();
  });

  it('counts the spots of an available class', () => {
    renderCard(makeClass({ capacity: 12, spots_left: 1 }));
    expect(screen.getByText('Disponible')).toBeInTheDocument();
    expect(screen.getByText('1 lugar')).toBeInTheDocument();
  });
});
