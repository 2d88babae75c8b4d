// Saved caption styles: saved by name on this device, the same name replaces, listed
// newest first, deleted by id.
import { afterEach, describe, expect, it } from 'vitest';
import { deleteCaptionStyle, listCaptionStyles, saveCaptionStyle, styleNameProblem } from '../../src/features/transcription/data/caption-styles';
import { clearLocalStore, db } from '../../src/store';

afterEach(async () => {
  await clearLocalStore();
});

describe('caption styles collection', () => {
  it('saves styles by name and lists them newest first', async () => {
    await saveCaptionStyle('Yellow pop', { preset: 'bold-pop', highlight_color: '#FFFF00' }, new Date('2026-01-01T10:00:00Z'));
    await saveCaptionStyle('  Calm   blue ', { preset: 'clean', font: undefined }, new Date('2026-01-02T10:00:00Z'));
    const rows = await listCaptionStyles();
    expect(rows.map((row) => row.name)).toEqual(['Calm blue', 'Yellow pop']);
    // Undefined fields are not stored: the copy is exactly what was chosen.
    expect(rows[0]!.settings).toEqual({ preset: 'clean' });
    expect(rows[1]!.settings).toEqual({ preset: 'bold-pop', highlight_color: '#FFFF00' });
  });

  it('replaces a style saved under the same name (case and spaces ignored) and makes it the newest', async () => {
    const first = await saveCaptionStyle('Mine', { preset: 'neon' }, new Date('2026-01-01T10:00:00Z'));
    await saveCaptionStyle('Other', { preset: 'clean' }, new Date('2026-01-02T10:00:00Z'));
    const replaced = await saveCaptionStyle(' MINE ', { preset: 'typewriter', uppercase: true }, new Date('2026-01-03T10:00:00Z'));
    expect(replaced.id).toBe(first.id);
    expect(await db.captionStyles.count()).toBe(2);
    const rows = await listCaptionStyles();
    expect(rows.map((row) => [row.name, row.settings])).toEqual([
      ['MINE', { preset: 'typewriter', uppercase: true }],
      ['Other', { preset: 'clean' }],
    ]);
  });

  it('refuses an empty or too long name and deletes by id', async () => {
    await expect(saveCaptionStyle('   ', { preset: 'clean' })).rejects.toThrow('Give the style a name.');
    expect(styleNameProblem('x'.repeat(61))).toMatch(/not be longer than 60/);
    expect(await db.captionStyles.count()).toBe(0);
    const kept = await saveCaptionStyle('Keep', { preset: 'clean' });
    const gone = await saveCaptionStyle('Gone', { preset: 'neon' });
    await deleteCaptionStyle(gone.id);
    expect((await listCaptionStyles()).map((row) => row.id)).toEqual([kept.id]);
  });
});
