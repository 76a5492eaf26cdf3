import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Modal } from './modal';
import { ModalHost } from './modal-host';
import { confirmAction, useModalStore } from './modal-store';

function Harness({ blocking = false }: { blocking?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id="app">
        <button type="button" onClick={() => setOpen(true)}>
          Abrir
        </button>
      </div>
      {open && (
        <Modal title="Documento" onClose={blocking ? undefined : () => setOpen(false)}>
          <a href="#uno">Uno</a>
          <button type="button">Dos</button>
        </Modal>
      )}
    </>
  );
}

function Steps() {
  const [step, setStep] = useState(1);
  return (
    <Modal title="Pasos">
      {step === 1 ? (
        <button type="button" onClick={() => setStep(2)}>
          Continuar
        </button>
      ) : (
        <p>Paso 2</p>
      )}
    </Modal>
  );
}

describe('modal', () => {
  it('keeps focus inside when a step removes the focused button', async () => {
    const user = userEvent.setup();
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Paso 2')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pasos' })).toHaveFocus();
  });

  it('moves focus into the dialog, traps Tab inside it and makes the page inert', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));

    const dialog = screen.getByRole('dialog', { name: 'Documento' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(document.getElementById('app')).toHaveAttribute('inert');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dos' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Dos' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the element that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.getElementById('app')).not.toHaveAttribute('inert');
  });

  it('cannot be dismissed when it is blocking', async () => {
    const user = userEvent.setup();
    render(<Harness blocking />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Documento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
  });
});

describe("confirm dialog 'Precaución'", () => {
  beforeEach(() => useModalStore.setState({ current: null }));

  it('resolves true when accepted', async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction('¿Seguro que quieres cancelar tu reservación?');
    });
    const dialog = screen.getByRole('dialog', { name: 'Precaución' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres cancelar tu reservación?');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false when cancelled or dismissed', async () => {
    const user = userEvent.setup();
    render(<ModalHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirmAction('¿Eliminar?');
    });
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = confirmAction('¿Eliminar?');
    });
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });
});
