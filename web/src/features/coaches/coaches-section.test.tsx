import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInstructor } from '../../../test/catalogue-fixtures';
import { mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { CoachesSection } from './coaches-section';

function renderSection(answer: { status?: number; body?: unknown }) {
  const config = setConfig();
  const { calls } = mockFetch((call) => (call.url === '/api/instructors/home/all' ? answer : undefined));
  return { ...renderAt(<CoachesSection config={config} />), calls };
}

describe("landing's coaches section", () => {
  it('shows the home instructors in the order the API gives, each linking to their coach page', async () => {
    renderSection({
      body: { instructors: [makeInstructor({ instructor_id: 5, name: 'Diego', last_name: 'Luna', file: null, quote: null }), makeInstructor()] },
    });
    const section = await screen.findByRole('region', { name: 'Coaches' });
    expect(section).toHaveAttribute('id', 'coaches');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Diego Luna', 'Sofía Ramos']);
    expect(within(section).getByRole('link', { name: 'Diego Luna' })).toHaveAttribute('href', '/coach/5');
    expect(within(section).getByRole('link', { name: 'Sofía Ramos' })).toHaveAttribute('href', '/coach/4');
    expect(within(section).getByText('Cada pedalazo cuenta.')).toBeInTheDocument();
  });

  it('renders nothing when no instructor is on the landing', async () => {
    const { container, calls } = renderSection({ body: { instructors: [] } });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('renders nothing, and raises no alert, on failure', async () => {
    const { container, calls } = renderSection({ status: 500, body: { error: { code: 'x', message: 'falló' } } });
    await waitFor(() => expect(calls).toHaveLength(1));
    // Let the failed answer settle: an alerting query would have raised its alert by then.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(container).toBeEmptyDOMElement();
    expect(useAlerts.getState().error).toBeNull();
  });
});
