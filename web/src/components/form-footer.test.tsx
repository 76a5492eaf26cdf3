import { messages } from '@studio/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { FormFooter } from './form-footer';

const renderFooter = (footer: ReactNode) => renderRoutes([{ path: '/', element: <form aria-label="Prueba">{footer}</form> }]);

describe('FormFooter', () => {
  it('cancels by a link back, submits, and announces a refusal', () => {
    renderFooter(<FormFooter error="Ese código ya existe." submitting={false} submitText="Guardar" submittingText="Guardando…" cancelTo="/admin/codigos" />);
    expect(screen.getByRole('link', { name: messages.common.cancel })).toHaveAttribute('href', '/admin/codigos');
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('alert')).toHaveTextContent('Ese código ya existe.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('cancels a dialog by its button', async () => {
    const onCancel = vi.fn();
    renderFooter(<FormFooter error={null} submitting={false} submitText="Enviar" submittingText="Enviando…" onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('holds the submit button and says what is happening while submitting', () => {
    renderFooter(<FormFooter error={null} submitting submitText="Enviar" submittingText="Enviando…" onCancel={vi.fn()} />);
    const submit = screen.getByRole('button', { name: 'Enviar' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Enviando…');
  });
});
