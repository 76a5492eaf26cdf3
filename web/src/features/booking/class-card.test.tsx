import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeClass } from '../../../test/catalogue-fixtures';
import { type CardActions, cardState } from './calendar-rules';
import { ClassCard } from './class-card';

const NONE: CardActions = { book: false, buy: false, waitlist: false, waiting: null, cancelOwn: null, cancelGuest: null, guest: false, lotEnds: null };

function renderCard(c = makeClass(), actions = NONE) {
  render(
    <ul>
      <ClassCard c={c} tz="America/Mexico_City" state={cardState(c)} actions={actions} started={false} onCommand={() => undefined} />
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

describe('class card and a lot ending before the class (ADR 0065)', () => {
  it("says when the customer's package ends, in the studio's days, and offers Comprar instead of Reservar", () => {
    // 4 Dec 2026 ends at 05:59:59.999Z on the 5th in Mexico City: the notice says 4 dic, whatever the browser's zone.
    renderCard(makeClass(), { ...NONE, buy: true, lotEnds: '2026-12-05T05:59:59.999Z' });
    expect(screen.getByText('Tu paquete vence el 4 dic, antes de esta clase.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reservar' })).not.toBeInTheDocument();
  });
});
