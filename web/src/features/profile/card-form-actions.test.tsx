import { messages } from '@studio/shared/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardFormActions } from './card-form-actions';

describe('CardFormActions', () => {
  it('offers Cancelar and Guardar, and announces a refusal', async () => {
    const onCancel = vi.fn();
    render(<CardFormActions submitError="No se pudo guardar." isSubmitting={false} onCancel={onCancel} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar.');
    expect(screen.getByRole('button', { name: messages.common.save })).toHaveAttribute('type', 'submit');
    await userEvent.click(screen.getByRole('button', { name: messages.common.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('holds both buttons and shows a spinner while saving', () => {
    render(<CardFormActions submitError={null} isSubmitting onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: messages.common.cancel })).toBeDisabled();
    expect(screen.getByRole('button', { name: messages.common.save })).toBeDisabled();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
