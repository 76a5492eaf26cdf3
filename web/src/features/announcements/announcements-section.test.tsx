import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { AnnouncementsSection } from './announcements-section';
import { makeAnnouncement } from './announcements-test-data';

function renderSection(answer: { status?: number; body?: unknown }) {
  const config = setConfig();
  const { calls } = mockFetch((call) => (call.url === '/api/announcements' ? answer : undefined));
  const view = renderAt(<AnnouncementsSection config={config} />);
  return { ...view, calls };
}

describe("landing's announcements section", () => {
  it('shows the three newest under an h2, with h3 titles and a link to /avisos when there are more', async () => {
    renderSection({ body: { announcements: [4, 3, 2, 1].map((id) => makeAnnouncement({ announcement_id: id, title: `Aviso ${id}` })) } });
    const section = await screen.findByRole('region', { name: 'Avisos' });
    expect(section).toHaveAttribute('id', 'announcements');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Aviso 4', 'Aviso 3', 'Aviso 2']);
    expect(within(section).getByRole('link', { name: 'Ver todos los avisos' })).toHaveAttribute('href', '/avisos');
  });

  it('needs no link when everything fits', async () => {
    renderSection({ body: { announcements: [makeAnnouncement()] } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Nueva sede en Coyoacán' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders nothing when there are no announcements', async () => {
    const { container, calls } = renderSection({ body: { announcements: [] } });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('renders nothing, and raises no alert, when they cannot be loaded', async () => {
    const { container, calls } = renderSection({ status: 500, body: { error: { code: 'x', message: 'falló' } } });
    await waitFor(() => expect(calls).toHaveLength(1));
    // Let the failed answer settle: an alerting query would have raised its alert by then.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(container).toBeEmptyDOMElement();
    expect(useAlerts.getState().error).toBeNull();
  });
});
