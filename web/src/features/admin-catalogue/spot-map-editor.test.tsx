import { SPOT_MAP_MAX_PER_ROW, SPOT_MAP_MAX_ROWS } from '@studio/shared/schemas/catalogue/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SpotMapEditor } from './spot-map-editor';

const TOO_LARGE = `El mapa admite hasta ${SPOT_MAP_MAX_ROWS} filas de ${SPOT_MAP_MAX_PER_ROW} lugares.`;

/** The editor as a form holds it: a controlled string, every change recorded. */
function renderEditor(initial: string) {
  const changes = vi.fn<(value: string) => void>();
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <SpotMapEditor
        value={value}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
        label="Mapa de lugares"
        optional
      />
    );
  }
  render(<Host />);
  return { changes, last: () => changes.mock.calls.at(-1)?.[0] };
}

const none = () => screen.getByRole('checkbox', { name: 'Sin lugares asignados' });
const total = () => screen.getByRole('status');

describe('SpotMapEditor', () => {
  it('builds "4,5" from clicks, numbering seats row by row as the booking map does', async () => {
    const user = userEvent.setup();
    const { last } = renderEditor('');
    expect(none()).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Vista del salón' })).not.toBeInTheDocument();

    await user.click(none());
    expect(last()).toBe('1');
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Agregar un lugar a la fila 1' }));
    await user.click(screen.getByRole('button', { name: 'Agregar fila' }));
    expect(last()).toBe('4,4');
    await user.click(screen.getByRole('button', { name: 'Agregar un lugar a la fila 2' }));
    expect(last()).toBe('4,5');

    expect(total()).toHaveTextContent('9 lugares');
    const room = screen.getByRole('region', { name: 'Vista del salón' });
    expect(within(room).getByText('Frente')).toBeInTheDocument();
    expect(within(room).getByText('Fila 1: lugares 1 a 4')).toBeInTheDocument();
    expect(within(room).getByText('Fila 2: lugares 5 a 9')).toBeInTheDocument();
    expect(within(room).getByText('9')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar un lugar de la fila 2' }));
    expect(last()).toBe('4,4');
    await user.click(screen.getByRole('button', { name: 'Quitar la última fila' }));
    expect(last()).toBe('4');
    expect(total()).toHaveTextContent('4 lugares');
  });

  it('is operated from the keyboard alone', async () => {
    const user = userEvent.setup();
    const { last } = renderEditor('');
    await user.tab();
    expect(none()).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('region', { name: 'Vista del salón' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Agregar un lugar a la fila 1' })).toHaveFocus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Agregar fila' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The new row's controls come before 'Agregar fila', which keeps the focus.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Agregar un lugar a la fila 2' })).toHaveFocus();
    await user.keyboard(' ');
    expect(last()).toBe('4,5');
  });

  it('keeps to the schema limits, saying so with the schema message and keeping focus', async () => {
    const user = userEvent.setup();
    const { changes } = renderEditor(String(SPOT_MAP_MAX_PER_ROW));
    const plus = screen.getByRole('button', { name: 'Agregar un lugar a la fila 1' });
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(plus);
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByText(TOO_LARGE)).toBeInTheDocument();
    expect(plus).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Quitar la última fila' }));
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByText(/El mapa tiene al menos una fila/)).toBeInTheDocument();
  });

  it('adds no row past the maximum and no seat below one', async () => {
    const user = userEvent.setup();
    const { changes } = renderEditor(Array.from({ length: SPOT_MAP_MAX_ROWS }, () => '1').join(','));
    await user.click(screen.getByRole('button', { name: 'Agregar fila' }));
    expect(screen.getByText(TOO_LARGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar un lugar de la fila 3' }));
    expect(screen.getByText('Cada fila tiene al menos un lugar.')).toBeInTheDocument();
    expect(changes).not.toHaveBeenCalled();
  });

  it("'Sin lugares asignados' sends no map, and unticking it brings the map back", async () => {
    const user = userEvent.setup();
    const { last } = renderEditor('4,5');
    await user.click(none());
    expect(last()).toBe('');
    expect(screen.queryByRole('button', { name: 'Agregar fila' })).not.toBeInTheDocument();
    await user.click(none());
    expect(last()).toBe('4,5');
  });

  it('loads an existing map', () => {
    renderEditor('4,5,5,4');
    expect(none()).not.toBeChecked();
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Fila 1−4 lugares+', 'Fila 2−5 lugares+', 'Fila 3−5 lugares+', 'Fila 4−4 lugares+']);
    expect(screen.getByText('Fila 4: lugares 15 a 18')).toBeInTheDocument();
    expect(total()).toHaveTextContent('18 lugares');
  });
});
