import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, setConfig } from '../../../test/helpers';
import { Landing } from './landing';
import { NEAR_VIEWPORT_MARGIN } from './landing-island';
import { type IslandKey, LANDING_SECTION_KEYS, type LandingIslands, type SectionLoader, visibleSections } from './landing-sections';

const titles = { hero_title: 'Tu lugar para moverte', about_title: 'Quiénes somos', mission_title: 'Para qué existimos' };
const EAGER_TITLES = ['Tu lugar para moverte', 'Quiénes somos', 'Para qué existimos'];
const ISLAND_KEYS: readonly IslandKey[] = ['class_types', 'coaches', 'packages', 'announcements', 'schedule'];
/** Every island off: the eager sections alone. */
const islandsOff = Object.fromEntries(ISLAND_KEYS.map((key) => [`${key}_enabled`, false]));

/** A stand-in island whose section is an h2 named after its key. */
function fakeLoader(key: string): SectionLoader & ReturnType<typeof vi.fn> {
  return vi.fn(async () =>
    Object.assign(() => <h2>{`isla ${key}`}</h2>, {
      displayName: `Fake${key}`,
    }),
  );
}

function fakeIslands(): Record<IslandKey, ReturnType<typeof fakeLoader>> {
  return Object.fromEntries(ISLAND_KEYS.map((key) => [key, fakeLoader(key)])) as Record<IslandKey, ReturnType<typeof fakeLoader>>;
}

function headingNames(): string[] {
  return screen.getAllByRole('heading').map((heading) => heading.textContent ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing sections', () => {
  it('renders hero, about and mission in the default order', () => {
    setConfig({ ...titles, ...islandsOff });
    renderAt(<Landing />);
    expect(headingNames()).toEqual(EAGER_TITLES);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tu lugar para moverte');
  });

  it('sorts sections by *_order ascending', () => {
    setConfig({ ...titles, ...islandsOff, hero_order: 3, about_order: 1, mission_order: 2 });
    renderAt(<Landing />);
    expect(headingNames()).toEqual(['Quiénes somos', 'Para qué existimos', 'Tu lugar para moverte']);
  });

  it('leaves out sections whose *_enabled is off', () => {
    setConfig({ ...titles, ...islandsOff, about_enabled: false, mission_enabled: false });
    renderAt(<Landing />);
    expect(headingNames()).toEqual(['Tu lugar para moverte']);
  });

  it('keeps a page heading with the business name when the hero is off', () => {
    setConfig({ ...titles, ...islandsOff, hero_enabled: false, business_name: 'Estudio Pulso' });
    renderAt(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Estudio Pulso' })).toBeInTheDocument();
    expect(headingNames()).toEqual(['Estudio Pulso', 'Quiénes somos', 'Para qué existimos']);
  });

  it("gives the about section id='about' for the navbar link", () => {
    setConfig({ ...titles, ...islandsOff });
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('section#about')).toHaveAccessibleName('Quiénes somos');
  });
});

describe('the section registry', () => {
  it('orders all eight sections by their *_order, islands among the eager ones', async () => {
    setConfig({
      ...titles,
      schedule_order: 1,
      mission_order: 2,
      announcements_order: 3,
      about_order: 4,
      packages_order: 5,
      hero_order: 6,
      coaches_order: 7,
      class_types_order: 8,
    });
    renderAt(<Landing islands={fakeIslands()} />);
    await screen.findByRole('heading', { name: 'isla class_types' });
    await waitFor(() => expect(screen.getAllByRole('heading')).toHaveLength(8));
    expect(headingNames()).toEqual([
      'isla schedule',
      'Para qué existimos',
      'isla announcements',
      'Quiénes somos',
      'isla packages',
      'Tu lugar para moverte',
      'isla coaches',
      'isla class_types',
    ]);
  });

  it('follows the default orders from the app config (hero 1 … schedule 8)', () => {
    const keys = visibleSections(setConfig(), fakeIslands()).map((section) => section.key);
    expect(keys).toEqual([...LANDING_SECTION_KEYS]);
  });

  it.each(LANDING_SECTION_KEYS)('switches %s off with its *_enabled key', (key) => {
    const islands = fakeIslands();
    const keys = visibleSections(setConfig({ [`${key}_enabled`]: false }), islands).map((section) => section.key);
    expect(keys).toEqual(LANDING_SECTION_KEYS.filter((other) => other !== key));
  });

  it('never downloads the code of a section that is switched off', async () => {
    const islands = fakeIslands();
    setConfig({ ...titles, packages_enabled: false, schedule_enabled: false });
    renderAt(<Landing islands={islands} />);
    await screen.findByRole('heading', { name: 'isla coaches' });
    expect(islands.packages).not.toHaveBeenCalled();
    expect(islands.schedule).not.toHaveBeenCalled();
    expect(islands.coaches).toHaveBeenCalledOnce();
  });

  it('leaves out an enabled island whose feature has no loader yet', () => {
    const islands: LandingIslands = { class_types: fakeLoader('class_types') };
    const keys = visibleSections(setConfig(), islands).map((section) => section.key);
    expect(keys).toEqual(['hero', 'about', 'mission', 'class_types']);
  });

  it('builds the class types island itself', () => {
    const keys = visibleSections(setConfig()).map((section) => section.key);
    expect(keys).toContain('class_types');
  });
});

describe('lazy islands', () => {
  it('holds the place of a lazy section, then renders it once its code has loaded', async () => {
    let resolve: (component: () => React.JSX.Element) => void = () => {};
    const load = vi.fn(() => new Promise<() => React.JSX.Element>((done) => (resolve = done)));
    setConfig({ ...titles, ...islandsOff, coaches_enabled: true });
    const { container } = renderAt(<Landing islands={{ coaches: load }} />);

    expect(container.querySelector('.landing-island[data-section="coaches"]')).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading', { name: 'Coaches del estudio' })).not.toBeInTheDocument();

    await act(async () => resolve(() => <h2>Coaches del estudio</h2>));
    expect(await screen.findByRole('heading', { name: 'Coaches del estudio' })).toBeInTheDocument();
    expect(container.querySelector('.landing-island')).not.toBeInTheDocument();
  });

  it('loads an island only when it comes near the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        callback: IntersectionObserverCallback;
        options?: IntersectionObserverInit;
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.callback = callback;
          this.options = options;
          observers.push(this);
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        disconnect() {
          this.targets = [];
        }
      },
    );
    const load = fakeLoader('announcements');
    setConfig({ ...titles, ...islandsOff, announcements_enabled: true });
    renderAt(<Landing islands={{ announcements: load }} />);

    await new Promise((done) => setTimeout(done, 20));
    expect(load).not.toHaveBeenCalled();
    const observer = observers.find((entry) => entry.targets.length > 0);
    expect(observer?.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);

    act(() => observer?.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
    expect(await screen.findByRole('heading', { name: 'isla announcements' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('drops a section whose code cannot load, and keeps the rest of the page', async () => {
    const broken = vi.fn(() => Promise.reject(new Error('chunk failed')));
    setConfig({ ...titles, ...islandsOff, coaches_enabled: true, schedule_enabled: true });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderAt(<Landing islands={{ coaches: broken, schedule: fakeLoader('schedule') }} />);

    expect(await screen.findByRole('heading', { name: 'isla schedule' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.landing-island[data-section="coaches"]')).not.toBeInTheDocument());
    expect(headingNames()).toEqual([...EAGER_TITLES, 'isla schedule']);
    consoleError.mockRestore();
  });

  it('drops a section that throws while rendering, and keeps the rest of the page', async () => {
    const throwing: SectionLoader = async () =>
      function Broken(): React.JSX.Element {
        throw new Error('render failed');
      };
    setConfig({ ...titles, ...islandsOff, packages_enabled: true });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderAt(<Landing islands={{ packages: throwing }} />);

    await waitFor(() => expect(container.querySelector('.landing-island')).not.toBeInTheDocument());
    expect(headingNames()).toEqual(EAGER_TITLES);
    consoleError.mockRestore();
  });
});

describe('hero', () => {
  function stubReducedMotion(reduce: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList);
  }

  it('shows the title, tagline and button, routed inside the app', () => {
    setConfig({ ...islandsOff, hero_title: 'Muévete', hero_tagline: 'Yoga y cycling', hero_button_text: 'Ver paquetes', hero_button_link: '/paquetes' });
    renderAt(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Muévete' })).toBeInTheDocument();
    expect(screen.getByText('Yoga y cycling')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute('href', '/paquetes');
  });

  it('leaves out an empty tagline and a button without a link', () => {
    setConfig({ ...islandsOff, hero_tagline: '', hero_button_link: '' });
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('.hero__tagline')).not.toBeInTheDocument();
    expect(container.querySelector('.hero a')).not.toBeInTheDocument();
  });

  it('shows the hero image, first in line to load, when there is no video', () => {
    setConfig({ ...islandsOff, hero_image: '/brand/hero.svg', hero_video: '' });
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('.hero img')).toHaveAttribute('src', '/brand/hero.svg');
    expect(container.querySelector('.hero img')).toHaveAttribute('fetchpriority', 'high');
    expect(container.querySelector('video')).not.toBeInTheDocument();
  });

  it('plays the hero video muted and inline over its poster, downloading nothing before it plays', () => {
    stubReducedMotion(false);
    setConfig({ ...islandsOff, hero_video: '/media/hero.mp4', hero_image: '/brand/hero.svg' });
    const { container } = renderAt(<Landing />);
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/hero.mp4');
    expect(video).toHaveAttribute('poster', '/brand/hero.svg');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('playsinline');
    expect(video?.muted).toBe(true);
    expect(video?.autoplay).toBe(true);
    expect(container.querySelector('.hero img')).not.toBeInTheDocument();
  });

  it('loads only the first frame of a video without a poster', () => {
    setConfig({ ...islandsOff, hero_video: '/media/hero.mp4', hero_image: '' });
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('video')).toHaveAttribute('preload', 'metadata');
    expect(container.querySelector('video')).not.toHaveAttribute('poster');
  });

  it('does not start the video for people who prefer reduced motion', () => {
    stubReducedMotion(true);
    setConfig({ ...islandsOff, hero_video: '/media/hero.mp4' });
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('video')?.autoplay).toBe(false);
  });

  it('pauses and plays the video from a button that says what it will do', () => {
    setConfig({ ...islandsOff, hero_video: '/media/hero.mp4' });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { container } = renderAt(<Landing />);
    const video = container.querySelector('video') as HTMLVideoElement;

    fireEvent.click(screen.getByRole('button', { name: 'Reproducir video' }));
    expect(play).toHaveBeenCalledOnce();
    fireEvent.play(video);
    const pauseButton = screen.getByRole('button', { name: 'Pausar video' });

    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent.click(pauseButton);
    expect(pause).toHaveBeenCalledOnce();
    fireEvent.pause(video);
    expect(screen.getByRole('button', { name: 'Reproducir video' })).toBeInTheDocument();
    play.mockRestore();
    pause.mockRestore();
  });
});
