import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

const texts = { className: 'list__pager', label: 'Páginas', previousText: 'Anterior', nextText: 'Siguiente' };

describe('Pager', () => {
  it('is not there when everything fits on one page', () => {
    const { container } = render(<Pager {...texts} page={1} pages={1} pageText="Página 1 de 1" onPage={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the current page and moves to the previous and next ones', async () => {
    const onPage = vi.fn();
    render(<Pager {...texts} page={2} pages={3} pageText="Página 2 de 3" onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Páginas' });
    expect(nav).toHaveClass('list__pager');
    expect(screen.getByText('Página 2 de 3')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('holds the buttons at either end', () => {
    const { rerender } = render(<Pager {...texts} page={1} pages={2} pageText="Página 1 de 2" onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    rerender(<Pager {...texts} page={2} pages={2} pageText="Página 2 de 2" onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('announces the page politely instead when asked', () => {
    render(<Pager {...texts} page={1} pages={2} pageText="Página 1 de 2" onPage={vi.fn()} announce />);
    const text = screen.getByText('Página 1 de 2');
    expect(text).toHaveAttribute('aria-live', 'polite');
    expect(text).not.toHaveAttribute('aria-current');
  });
});
