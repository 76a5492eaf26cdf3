import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SpotMap, type SpotMapProps } from './spot-map';

// '3,4': spots 1-3 in front, 4-7 behind. 2 and 5 are taken by others, 6 is the customer's.
const ROWS = [3, 4];
const FREE = [1, 3, 4, 7];
const MINE = [6];

/** The map as the booking modal uses it: `selected` follows the pick. */
function Harness({ initial = null, ...props }: Partial<SpotMapProps> & { initial?: number | null }) {
  const [selected, setSelected] = useState<number | null>(initial);
  return (
    <SpotMap
      rows={ROWS}
      free={FREE}
      mine={MINE}
      label="Elige tu lugar"
      {...props}
      selected={selected}
      onSelect={(spot) => {
        setSelected(spot);
        props.onSelect?.(spot);
      }}
    />
  );
}

const seat = (name: string) => screen.getByRole('button', { name });
const tabStops = () =>
  within(screen.getByRole('group', { name: 'Elige tu lugar' }))
    .getAllByRole('button')
    .filter((button) => button.tabIndex === 0);

describe('spot map', () => {
  it('names the group, its rows and every seat with its number and state, and links the instructions', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Elige tu lugar' });
    expect(group).toHaveAccessibleDescription('Usa las flechas para moverte entre los lugares y Enter o Espacio para elegir.');
    expect(screen.getByText('Usa las flechas para moverte entre los lugares y Enter o Espacio para elegir.')).toBeVisible();
    expect(within(group).getByText('Frente (coach)')).toBeInTheDocument();
    expect(
      within(group)
        .getAllByRole('group')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Fila 1', 'Fila 2']);
    expect(
      within(screen.getByRole('group', { name: 'Fila 2' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['4', '5', '6', '7']);

    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Lugar 1, disponible',
      'Lugar 2, ocupado',
      'Lugar 3, disponible',
      'Lugar 4, disponible',
      'Lugar 5, ocupado',
      'Lugar 6, tu lugar',
      'Lugar 7, disponible',
    ]);
    for (const name of ['Lugar 2, ocupado', 'Lugar 5, ocupado', 'Lugar 6, tu lugar']) {
      expect(seat(name)).toHaveAttribute('aria-disabled', 'true');
      expect(seat(name)).toBeEnabled();
      expect(seat(name)).not.toHaveAttribute('aria-pressed');
    }
    expect(seat('Lugar 1, disponible')).not.toHaveAttribute('aria-disabled');
    expect(seat('Lugar 1, disponible')).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the legend in words', () => {
    render(<Harness />);
    const legend = screen.getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Disponible', 'Ocupado', 'Tu lugar', 'Elegido']);
  });

  it('keeps exactly one seat in the tab order: the selected one, else the first free one, else the first', () => {
    const { unmount } = render(<Harness free={[3, 4]} />);
    expect(tabStops()).toEqual([seat('Lugar 3, disponible')]);
    unmount();

    const second = render(<Harness initial={7} />);
    expect(tabStops()).toEqual([seat('Lugar 7, disponible')]);
    expect(seat('Lugar 7, disponible')).toHaveAttribute('aria-pressed', 'true');
    second.unmount();

    render(<Harness free={[]} />);
    expect(tabStops()).toEqual([seat('Lugar 1, ocupado')]);
  });

  it('enters the map with Tab and walks every seat, taken ones too, with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Antes</button>
        <Harness />
        <button type="button">Después</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(seat('Lugar 1, disponible')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seat('Lugar 2, ocupado')).toHaveFocus();
    expect(tabStops()).toEqual([seat('Lugar 2, ocupado')]);
    await user.keyboard('{ArrowDown}');
    expect(seat('Lugar 5, ocupado')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seat('Lugar 6, tu lugar')).toHaveFocus();
    await user.keyboard('{End}');
    expect(seat('Lugar 7, disponible')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(seat('Lugar 7, disponible')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(seat('Lugar 3, disponible')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(seat('Lugar 1, disponible')).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(seat('Lugar 7, disponible')).toHaveFocus();

    // One Tab stop: Tab leaves the map, Shift+Tab comes back to the seat last focused.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(seat('Lugar 7, disponible')).toHaveFocus();
  });

  it('keeps arrow keys from scrolling the page', () => {
    render(<Harness />);
    const first = seat('Lugar 1, disponible');
    first.focus();
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    first.dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(true);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    seat('Lugar 4, disponible').dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
  });

  it('picks a free seat with a click, Enter or Space, and announces it politely', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    await user.click(seat('Lugar 3, disponible'));
    expect(onSelect).toHaveBeenLastCalledWith(3);
    expect(seat('Lugar 3, disponible')).toHaveAttribute('aria-pressed', 'true');
    expect(status).toHaveTextContent('Elegiste el lugar 3.');
    expect(tabStops()).toEqual([seat('Lugar 3, disponible')]);

    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(7);
    expect(seat('Lugar 7, disponible')).toHaveAttribute('aria-pressed', 'true');
    expect(seat('Lugar 3, disponible')).toHaveAttribute('aria-pressed', 'false');
    expect(status).toHaveTextContent('Elegiste el lugar 7.');

    await user.keyboard('{Home}');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(4);
    expect(status).toHaveTextContent('Elegiste el lugar 4.');
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('does not announce a pick the parent did not take', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<SpotMap rows={ROWS} free={FREE} selected={null} onSelect={onSelect} label="Elige tu lugar" />);
    await user.click(seat('Lugar 1, disponible'));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('never picks a taken seat or the customer’s own, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.click(seat('Lugar 2, ocupado'));
    await user.click(seat('Lugar 6, tu lugar'));
    seat('Lugar 5, ocupado').focus();
    await user.keyboard('{Enter} ');
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button').filter((button) => button.getAttribute('aria-pressed') === 'true')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the customer’s spot as theirs even when the server also lists it as free', () => {
    render(<Harness free={[...FREE, 6]} />);
    expect(seat('Lugar 6, tu lugar')).toHaveAttribute('aria-disabled', 'true');
  });

  it('blocks picks while a booking is being sent, but still lets the seats be explored', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(seat('Lugar 1, disponible'));
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter} ');
    expect(seat('Lugar 3, disponible')).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
