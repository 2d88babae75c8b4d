// The measure a series uses to tell a new episode's topic from a repeat (pure: no database).
import { describe, expect, it } from 'vitest';
import { closestMatch, normaliseText, similarity, SIMILARITY_THRESHOLD } from '../../server/domain/series/similarity';

describe('normaliseText', () => {
  it('lower-cases, drops accents, punctuation, stop words and title frames, folds plurals', () => {
    expect(normaliseText('The Strange History of the Eiffel Tower!')).toBe('strang eiffel tower');
    expect(normaliseText('Crème brûlée: café   culture')).toBe('crem brule caf cultur');
    expect(normaliseText('Octopuses, horses and stories')).toBe(normaliseText('octopus horse story'));
  });

  it('keeps the words of a text that is nothing but stop words, and is safe on empty text', () => {
    expect(normaliseText('What is it?')).toBe('what is it');
    expect(normaliseText('')).toBe('');
    expect(normaliseText('  …!  ')).toBe('');
  });
});

describe('similarity', () => {
  it.each([
    ['The strange history of the Eiffel Tower', 'Eiffel Tower: its strange history'],
    ['Strange facts about axolotls', 'What you never knew about the axolotl'],
    ['The story of the Colosseum', 'A closer look at the Colosseum'],
    ['Why octopuses have three hearts', 'The octopus and its three hearts'],
    ['Café culture in Paris', 'cafe culture in paris'],
  ])('a reworded topic is a repeat: %s / %s', (a, b) => {
    expect(similarity(a, b)).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    expect(similarity(b, a)).toBeCloseTo(similarity(a, b), 10);
  });

  it.each([
    ['octopuses', 'the Great Fire of London'],
    ['Strange facts about axolotls', 'Strange facts about lemurs'],
    ['Weird facts about zippers', 'Weird facts about toasters'],
    ['The story of the Crimean War', 'The story of the Trojan War'],
    ['Strange facts about giant pandas', 'Strange facts about red pandas'],
  ])('a different topic is not: %s / %s', (a, b) => {
    expect(similarity(a, b)).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('scores the same text 1, unrelated text 0, and empty text 0', () => {
    expect(similarity('Black holes', 'black holes')).toBe(1);
    expect(similarity('Black holes', 'Sourdough bread')).toBe(0);
    expect(similarity('', '')).toBe(0);
    expect(similarity('', 'Black holes')).toBe(0);
    expect(similarity('?!', '...')).toBe(0);
  });

  it('catches word forms the plural folding misses, through character trigrams', () => {
    // No content word in common either way; only the trigrams tell Egypt and Egyptian apart from Norway.
    expect(similarity('Ancient Egypt', 'Egyptian pyramids')).toBeGreaterThan(0);
    expect(similarity('Ancient Egypt', 'Norwegian fjords')).toBe(0);
    expect(similarity('Inventions', 'Inventor')).toBeGreaterThan(similarity('Inventions', 'Explorer'));
  });
});

describe('closestMatch', () => {
  const history = [{ title: 'The Great Fire of London' }, { title: 'Strange facts about axolotls', script: 'Axolotls regrow their limbs and live in one lake near Mexico City.' }, { title: 'The story of the Colosseum' }];

  it('finds the past entry a candidate repeats, by title', () => {
    const match = closestMatch({ title: 'What you never knew about the Colosseum' }, history);
    expect(match?.index).toBe(2);
    expect(match!.score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
  });

  it('compares scripts only when both have one, and takes the higher score', () => {
    const script = 'Axolotls regrow their limbs and live in a single lake near Mexico City.';
    const withScript = closestMatch({ title: 'A salamander that never grows up', script }, history);
    expect(withScript?.index).toBe(1);
    expect(withScript!.score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    const titleOnly = closestMatch({ title: 'A salamander that never grows up' }, history);
    expect(titleOnly!.score).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('lets two scripts in one writer frame about different things pass', () => {
    const frame = (subject: string) => `${subject}. Sounds simple. It is not. Follow for more.`;
    const match = closestMatch({ title: 'Strange facts about swans', script: frame('Swans') }, [{ title: 'Strange facts about hens', script: frame('Hens') }]);
    expect(match!.score).toBeLessThan(SIMILARITY_THRESHOLD);
    const again = closestMatch({ title: 'Swans up close', script: frame('Swans') }, [{ title: 'Meet the swan', script: frame('Swans') }]);
    expect(again!.score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
  });

  it('says nothing is close for a new topic, and null for an empty history', () => {
    expect(closestMatch({ title: 'Strange facts about the Moon' }, history)!.score).toBeLessThan(SIMILARITY_THRESHOLD);
    expect(closestMatch({ title: 'anything' }, [])).toBeNull();
    expect(closestMatch({ title: '', script: '' }, [{ title: '' }])).toEqual({ index: 0, score: 0 });
  });
});
