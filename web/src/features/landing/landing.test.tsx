import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setConfig } from '../../../test/helpers';
import { Landing } from './landing';
import { visibleSections } from './landing-sections';

const titles = { hero_title: 'Tu lugar para moverte', about_title: 'Quiénes somos', mission_title: 'Para qué existimos' };

function headingNames(): string[] {
  return screen.getAllByRole('heading').map((heading) => heading.textContent ?? '');
}

describe('landing sections', () => {
  it('renders hero, about and mission in the default order', () => {
    setConfig(titles);
    renderAt(<Landing />);
    expect(headingNames()).toEqual(['Tu lugar para moverte', 'Quiénes somos', 'Para qué existimos']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tu lugar para moverte');
  });

  it('sorts sections by *_order ascending', () => {
    setConfig({ ...titles, hero_order: 3, about_order: 1, mission_order: 2 });
    renderAt(<Landing />);
    expect(headingNames()).toEqual(['Quiénes somos', 'Para qué existimos', 'Tu lugar para moverte']);
  });

  it('leaves out sections whose *_enabled is off', () => {
    setConfig({ ...titles, about_enabled: false, mission_enabled: false });
    renderAt(<Landing />);
    expect(headingNames()).toEqual(['Tu lugar para moverte']);
  });

  it('keeps a page heading with the business name when the hero is off', () => {
    setConfig({ ...titles, hero_enabled: false, business_name: 'Estudio Pulso' });
    renderAt(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Estudio Pulso' })).toBeInTheDocument();
    expect(headingNames()).toEqual(['Estudio Pulso', 'Quiénes somos', 'Para qué existimos']);
  });

  it('renders no catalogue sections yet (they need real data)', () => {
    const keys = visibleSections(setConfig({ class_types_enabled: true, coaches_enabled: true, announcements_enabled: true })).map((s) => s.key);
    expect(keys).toEqual(['hero', 'about', 'mission']);
  });

  it("gives the about section id='about' for the navbar link", () => {
    setConfig(titles);
    const { container } = renderAt(<Landing />);
    expect(container.querySelector('section#about')).toHaveAccessibleName('Quiénes somos');
  });

  it('shows the hero tagline and its button, routed inside the app', () => {
    setConfig({ hero_tagline: 'Yoga y cycling', hero_button_text: 'Ver paquetes', hero_button_link: '/paquetes' });
    renderAt(<Landing />);
    expect(screen.getByText('Yoga y cycling')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute('href', '/paquetes');
  });

  it('uses the hero video instead of the image when one is configured', () => {
    setConfig({ hero_video: '/media/hero.mp4', hero_image: '/brand/hero.svg' });
    const { container } = renderAt(<Landing />);
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/hero.mp4');
    expect(video).toHaveAttribute('poster', '/brand/hero.svg');
    expect(video?.muted).toBe(true);
  });
});
