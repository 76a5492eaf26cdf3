import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, FieldFrame } from './form-field';

describe('FieldFrame', () => {
  it('labels its control and reads out the hint and the error with it', () => {
    render(
      <FieldFrame label="Límite" hint="Vacío es sin límite." error="Debe ser un número." optional>
        {(control) => <input {...control} />}
      </FieldFrame>,
    );
    const input = screen.getByRole('textbox', { name: /^Límite ?\(Opcional\)$/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Vacío es sin límite. Debe ser un número.');
  });

  it('marks nothing invalid and describes nothing when there is neither hint nor error', () => {
    render(<FieldFrame label="Nombre">{(control) => <input {...control} />}</FieldFrame>);
    const input = screen.getByRole('textbox', { name: 'Nombre' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('Checkbox', () => {
  it('is a switch when asked, with its hint read out, and reports the new state', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="Videos en línea" checked={false} onChange={onChange} hint="Se ve al recargar." asSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Videos en línea' });
    expect(toggle).toHaveAccessibleDescription('Se ve al recargar.');
    await userEvent.setup().click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('is a plain checkbox otherwise, described by a list elsewhere and its error', () => {
    render(
      <>
        <ul id="docs">
          <li>Términos</li>
        </ul>
        <Checkbox label="Acepto" checked onChange={() => undefined} descriptionId="docs" error="Debes aceptar." />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Acepto' });
    expect(box).toHaveAccessibleDescription('Términos Debes aceptar.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
