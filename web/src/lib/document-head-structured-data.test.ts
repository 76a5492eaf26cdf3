import type { Location } from '@studio/shared/types/catalogue';
import { describe, expect, it } from 'vitest';
import { setConfig } from '../../test/helpers';
import { openingHours, studioJsonLd } from './document-head-structured-data';

const location = (location_id: number, name: string, address: string | null): Location => ({
  location_id,
  name,
  address,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('opening hours', () => {
  it("reads schema.org's text form into opening hours specifications", () => {
    expect(openingHours('Mo-Fr 06:00-22:00; Sa,Su 08:00-14:00')).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '06:00',
        closes: '22:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '08:00', closes: '14:00' },
    ]);
    expect(openingHours('Sa-Mo 09:00-12:00')[0]?.dayOfWeek).toEqual(['Saturday', 'Sunday', 'Monday']);
  });

  it('leaves out what does not parse instead of publishing it wrong', () => {
    expect(openingHours('')).toEqual([]);
    expect(openingHours('Lunes a viernes de 6 a 10; Mo 25:00-26:00')).toEqual([]);
    expect(openingHours('Mo 07:00-09:00\nnada')).toHaveLength(1);
  });
});

describe('the studio as structured data', () => {
  const config = () =>
    setConfig({
      business_name: 'Estudio Pulso',
      tagline: 'Muévete.',
      whatsapp: '55 1234 5678',
      email: 'hola@pulso.mx',
      navbar_logo: '/brand/logo.svg',
      social_media_image: '/brand/social.png',
      instagram: 'https://instagram.com/pulso',
      facebook: '',
      tiktok: '',
      opening_hours: '',
    });

  it('describes a local business with its WhatsApp number under the landing’s 521 prefix and its first location’s address', () => {
    const data = studioJsonLd(config(), 'https://pulso.mx', [
      location(1, 'Roma', 'Av. Álvaro Obregón 120, CDMX'),
      location(2, 'Coyoacán', 'Francisco Sosa 45, CDMX'),
    ]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ExerciseGym',
      name: 'Estudio Pulso',
      url: 'https://pulso.mx/',
      description: 'Muévete.',
      logo: 'https://pulso.mx/brand/logo.svg',
      image: 'https://pulso.mx/brand/social.png',
      telephone: '+5215512345678',
      email: 'hola@pulso.mx',
      address: { '@type': 'PostalAddress', streetAddress: 'Av. Álvaro Obregón 120, CDMX', addressCountry: 'MX' },
      sameAs: ['https://instagram.com/pulso'],
      department: [{ '@type': 'ExerciseGym', name: 'Estudio Pulso Coyoacán', address: { streetAddress: 'Francisco Sosa 45, CDMX' } }],
    });
    expect(data).not.toHaveProperty('openingHoursSpecification');
  });

  it('publishes opening hours only when configured, and falls back to the location text without locations', () => {
    const data = studioJsonLd({ ...config(), opening_hours: 'Mo-Fr 06:00-22:00', location: 'Calle 1, CDMX', whatsapp: '' }, 'https://pulso.mx', []);
    expect(data.openingHoursSpecification).toHaveLength(1);
    expect(data.address).toMatchObject({ streetAddress: 'Calle 1, CDMX' });
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('department');
  });
});
