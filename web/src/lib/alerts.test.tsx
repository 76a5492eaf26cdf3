import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertRegion } from '../components/alert-region';
import { ERROR_ALERT_TIMEOUT_MS, showError, showSuccess, SUCCESS_ALERT_TIMEOUT_MS, useAlerts } from './alerts';

describe('global alerts', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('uses the spec timeouts: 5000 ms for errors, 3000 ms for successes', () => {
    expect(ERROR_ALERT_TIMEOUT_MS).toBe(5000);
    expect(SUCCESS_ALERT_TIMEOUT_MS).toBe(3000);
  });

  it('shows an error in the assertive region and hides it after 5000 ms', () => {
    vi.useFakeTimers();
    render(<AlertRegion />);
    act(() => showError('No pudimos guardar tu reservación.'));
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar tu reservación.');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar tu reservación.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows a success in the polite region and hides it after 3000 ms', () => {
    vi.useFakeTimers();
    render(<AlertRegion />);
    act(() => showSuccess('¡Compra exitosa!'));
    expect(screen.getByRole('status')).toHaveTextContent('¡Compra exitosa!');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('¡Compra exitosa!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("never shows texts containing '400' or '401'", () => {
    render(<AlertRegion />);
    act(() => {
      showError('Request failed with status code 400');
      showSuccess('Error 401 Unauthorized');
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => showError('Error 404'));
    expect(screen.getByRole('alert')).toHaveTextContent('Error 404');
  });

  it("keeps a newer alert for its full time even when the older one's timer fires", () => {
    vi.useFakeTimers();
    render(<AlertRegion />);
    act(() => showError('Primero'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => showError('Segundo'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Segundo');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('can be dismissed before it times out', async () => {
    render(<AlertRegion />);
    act(() => showError('Algo salió mal'));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
