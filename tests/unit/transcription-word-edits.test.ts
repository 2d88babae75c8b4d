// The transcript editor's rules (pure): the checks the server makes on PUT, per word.
import { describe, expect, it } from 'vitest';
import { editSummary, formatTime, roundTime, sameWords, validateWords, wordAt, wordsToSave } from '../../src/features/transcription/word-edits';

const words = [
  { word: 'hello', start: 0, end: 0.5 },
  { word: 'world', start: 0.5, end: 1 },
  { word: 'again', start: 1.2, end: 1.8 },
];

describe('word edits', () => {
  it('accepts words in order inside the recording', () => {
    const problems = validateWords(words, 2);
    expect(problems.size).toBe(0);
    expect(editSummary(words, problems)).toBeNull();
  });

  it('says what is wrong next to each word', () => {
    const edited = [
      { word: '  ', start: 0, end: 0.5 },
      { word: 'world', start: 0.4, end: 1 },
      { word: 'again', start: 1.2, end: 1.2 },
      { word: 'late', start: 1.9, end: 2.5 },
      { word: 'x'.repeat(101), start: 2.5, end: 2.6 },
    ];
    const problems = validateWords(edited, 2);
    expect(problems.get(0)).toEqual({ word: 'A word cannot be empty; delete it instead.' });
    expect(problems.get(1)?.start).toMatch(/overlaps the word before/);
    expect(problems.get(2)?.end).toBe('The end must come after the start.');
    expect(problems.get(3)?.end).toBe('The recording ends at 2.00 s.');
    expect(problems.get(4)?.word).toMatch(/longer than 100/);
    expect(problems.get(4)?.end).toBe('The recording ends at 2.00 s.');
    expect(editSummary(edited, problems)).toBe('5 words need a fix before saving (the first is word 1).');
    expect(validateWords([{ word: 'a', start: -1, end: 0.5 }], null).get(0)).toEqual({ start: 'The start must be 0 s or later.' });
  });

  it('trims what is sent, rounds nudges, compares, formats and finds the spoken word', () => {
    expect(wordsToSave([{ word: ' hi ', start: 0, end: 1 }])).toEqual([{ word: 'hi', start: 0, end: 1 }]);
    expect(roundTime(0.1 + 0.2)).toBe(0.3);
    expect(sameWords(words, words.map((word) => ({ ...word })))).toBe(true);
    expect(sameWords(words, [...words.slice(0, 2), { ...words[2]!, word: 'Again' }])).toBe(false);
    expect(formatTime(75.5)).toBe('1:15.50');
    expect(wordAt(words, 0.7)).toBe(1);
    expect(wordAt(words, 1.1)).toBe(-1);
    expect(wordAt(words, 1.5)).toBe(2);
  });
});
