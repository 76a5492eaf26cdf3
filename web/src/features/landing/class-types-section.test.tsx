import type { ClassType } from '@studio/shared/types/catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { ClassTypesSection } from './class-types-section';

function makeClassType(overrides: Partial<ClassType> & Pick<ClassType, 'class_type_id' | 'name'>): ClassType {
  return {
    description: null,
    icon: null,
    spot_map: null,
    file: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const CLASS_TYPES = [
  makeClassType({
    class_type_id: 1,
    name: 'Indoor Cycling',
    description: '45 minutos de ritmo.',
    file: { name: 'cycling.jpg', type: 'image/jpeg', src: '/img/cycling.jpg' },
  }),
  makeClassType({ class_type_id: 2, name: 'Funcional HIIT', description: 'Sin archivo.' }),
  makeClassType({ class_type_id: 3, name: 'Yoga Vinyasa', file: { name: 'yoga.mp4', type: 'video/mp4', src: '/media/yoga.mp4' } }),
];

function renderSection(answer: { status?: number; body?: unknown }) {
  setConfig();
  const { calls } = mockFetch((call) => (call.url === '/api/class_types' ? answer : undefined));
  const view = renderAt(<ClassTypesSection />);
  return { calls, ...view };
}

describe('landing class types', () => {
  it('shows the class types that have a file, each with its picture or clip, under "Nuestras Clases"', async () => {
    const { container } = renderSection({ body: { class_types: CLASS_TYPES } });
    const section = await screen.findByRole('region', { name: 'Nuestras Clases' });
    const cards = within(section).getAllByRole('heading', { level: 3 });
    expect(cards.map((heading) => heading.textContent)).toEqual(['Indoor Cycling', 'Yoga Vinyasa']);
    expect(within(section).queryByText('Funcional HIIT')).not.toBeInTheDocument();
    expect(within(section).getByText('45 minutos de ritmo.')).toBeInTheDocument();

    expect(container.querySelector('img')).toHaveAttribute('src', '/img/cycling.jpg');
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/yoga.mp4');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('playsinline');
    expect(video?.muted).toBe(true);
    expect(video?.autoplay).toBe(false);
  });

  it('renders nothing when no class type has a file', async () => {
    const { calls, container } = renderSection({ body: { class_types: [CLASS_TYPES[1]] } });
    // The placeholder goes once the answer is in.
    await waitFor(() => expect(container.querySelector('.landing-island')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing for an empty catalogue', async () => {
    const { calls, container } = renderSection({ body: { class_types: [] } });
    await waitFor(() => expect(container.querySelector('.landing-island')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('holds its place while the class types load', () => {
    const { container } = renderSection({ body: { class_types: CLASS_TYPES } });
    expect(container.querySelector('.landing-island[data-section="class_types"]')).toBeInTheDocument();
  });

  it('says so in place when the class types cannot load, and tries again', async () => {
    setConfig();
    let fail = true;
    const { calls } = mockFetch((call) =>
      call.url === '/api/class_types'
        ? fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Falla' } } }
          : { body: { class_types: CLASS_TYPES } }
        : undefined,
    );
    renderAt(<ClassTypesSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar nuestras clases.');
    expect(screen.getByRole('heading', { level: 2, name: 'Nuestras Clases' })).toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Indoor Cycling' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
