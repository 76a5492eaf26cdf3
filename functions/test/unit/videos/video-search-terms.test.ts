import { describe, expect, it } from 'vitest';
import { videoQueryTerms, videoSearchTerms } from '../../../src/services/videos/search-terms';

describe('video search terms', () => {
  it('are the prefixes of the words of the name, the description and the related names, without accents', () => {
    const terms = videoSearchTerms({
      name: 'Vinyasa flow',
      description: 'Sesión de <em>Electroestimulación</em>',
      related: ['Yoga', 'Mariana', null, undefined, 'Reto 21 días'],
    });
    for (const term of ['vi', 'vinyasa', 'fl', 'flow', 'sesion', 'electro', 'electroestimulacion', 'yo', 'yoga', 'mariana', 're', 'reto', '21', 'dias']) {
      expect(terms).toContain(term);
    }
    expect(terms).not.toContain('em');
    expect(terms).not.toContain('electroestimulación');
    expect(terms.every((term) => term.length >= 2 && term.length <= 20)).toBe(true);
  });

  it('with only a name, are those of the name', () => {
    expect(videoSearchTerms({ name: 'Barre' })).toEqual(['ba', 'bar', 'barr', 'barre']);
  });

  it('match what a customer types, accents and case aside', () => {
    const terms = videoSearchTerms({ name: 'Clase', description: 'Electroestimulación' });
    expect(videoQueryTerms('ELECTRO')).toEqual(['electro']);
    expect(videoQueryTerms('electroestimulación').every((term) => terms.includes(term))).toBe(true);
    expect(videoQueryTerms('Clase, electro!')).toEqual(['electro', 'clase']);
    expect(videoQueryTerms(undefined)).toEqual([]);
  });
});
