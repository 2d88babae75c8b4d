// Initial JavaScript budgets: the JavaScript a page needs before its first render, read from the build's manifest
// and the gzip sizes of the built files (deterministic, no browser). Lives in the e2e project
// because that one runs after `npm run build`; without a build it fails, it never skips.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, formatKb, initialJavaScript, readManifest, screenJavaScript, SCREEN_BUDGETS, sourcesOf, staticClosure, type PageJavaScript } from '../../scripts/js-budget.mjs';

const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');

function sourcesOfPage(page: PageJavaScript): string[] {
  return page.files.flatMap(({ file }) => sourcesOf(CLIENT_DIR, file));
}

describe('initial JavaScript budgets', () => {
  const pages = initialJavaScript(CLIENT_DIR);
  const byName = (name: string) => {
    const page = pages.find((candidate) => candidate.page === name);
    if (!page) throw new Error(`no figures for ${name}`);
    return page;
  };

  it('measures both budgeted pages', () => {
    expect(pages.map((page) => page.page).sort()).toEqual(Object.keys(BUDGETS).sort());
  });

  for (const name of Object.keys(BUDGETS)) {
    it(`keeps ${name} within its budget`, () => {
      const page = byName(name);
      const listing = page.files.map(({ file, gzip }) => `  ${file} ${formatKb(gzip)}`).join('\n');
      expect(page.total, `${name}: ${formatKb(page.total)} of ${formatKb(page.budget)} gzip\n${listing}`).toBeLessThanOrEqual(page.budget);
      // A sane measurement: React is in it, so the sum cannot be trivially small.
      expect(page.total).toBeGreaterThan(50 * 1024);
    });
  }

  it('keeps the signed-in shell, the offline engine, the HTTP layer and zod out of the sign-in page', () => {
    const sources = sourcesOfPage(byName('/login'));
    expect(sources.some((source) => source.endsWith('src/features/auth/LoginPage.tsx'))).toBe(true);
    for (const unwanted of ['src/app/shell/AppLayout.tsx', 'src/app/sync-runtime.ts', 'node_modules/dexie/', 'node_modules/axios/', 'node_modules/zod/', '@mantine/modals']) {
      expect(
        sources.filter((source) => source.includes(unwanted)),
        unwanted,
      ).toEqual([]);
    }
  });

  it('renders the signed-in home with its shell, and leaves Dexie for right after', () => {
    const home = byName('/ (signed in)');
    const sources = sourcesOfPage(home);
    expect(sources.some((source) => source.endsWith('src/app/shell/AppLayout.tsx'))).toBe(true);
    expect(sources.some((source) => source.endsWith('src/features/home/HomePage.tsx'))).toBe(true);
    expect(sources.filter((source) => source.includes('node_modules/dexie/'))).toEqual([]);
    const later = home.after.files.flatMap(({ file }) => sourcesOf(CLIENT_DIR, file));
    expect(later.some((source) => source.includes('node_modules/dexie/'))).toBe(true);
  });

  it('loads the calendar library (FullCalendar, the Temporal polyfill) with the calendar screen only', () => {
    const isCalendarLibrary = (source: string) => source.includes('node_modules/@fullcalendar/') || source.includes('node_modules/temporal-polyfill/');
    for (const page of pages) {
      const sources = [...page.files, ...page.after.files].flatMap(({ file }) => sourcesOf(CLIENT_DIR, file));
      expect(sources.filter(isCalendarLibrary), page.page).toEqual([]);
    }
    const calendar = [...staticClosure(readManifest(CLIENT_DIR), ['src/features/publishing/calendar/CalendarPage.tsx'])].flatMap((file) => sourcesOf(CLIENT_DIR, file));
    expect(calendar.some((source) => source.includes('node_modules/@fullcalendar/react/'))).toBe(true);
  });
});

// Every other signed-in screen: its own chunk, rendered below its frame (heading and introduction,
// shown with the shell before that chunk arrives: src/app/lazy.ts), and its bytes held.
describe('signed-in screen budgets', () => {
  const screens = screenJavaScript(CLIENT_DIR);
  const listing = (files: Array<{ file: string; gzip: number }>) => files.map(({ file, gzip }) => `  ${file} ${formatKb(gzip)}`).join('\n');

  it('measures every framed screen', () => {
    expect(screens.map((screen) => screen.route).sort()).toEqual(Object.keys(SCREEN_BUDGETS).sort());
  });

  for (const route of Object.keys(SCREEN_BUDGETS)) {
    describe(route, () => {
      const screen = () => {
        const found = screens.find((candidate) => candidate.route === route);
        if (!found) throw new Error(`no figures for ${route}`);
        return found;
      };

      it('is a chunk of its own, loaded on demand', () => {
        const { chunk } = screen();
        expect(chunk.isDynamicEntry).toBe(true);
        expect(chunk.src).toBe(SCREEN_BUDGETS[route]?.module);
      });

      it('shows its frame with the shell alone: none of the screen, no Dexie, within the frame budget', () => {
        const { frame, chunk } = screen();
        expect(frame.total, `frame: ${formatKb(frame.total)} of ${formatKb(frame.budget)} gzip\n${listing(frame.files)}`).toBeLessThanOrEqual(frame.budget);
        expect(frame.files.map(({ file }) => file)).not.toContain(chunk.file);
        const sources = frame.files.flatMap(({ file }) => sourcesOf(CLIENT_DIR, file));
        expect(sources.filter((source) => source.includes('node_modules/dexie/'))).toEqual([]);
      });

      it('keeps the whole screen within its budget', () => {
        const { total, budget, files } = screen();
        expect(total, `${route}: ${formatKb(total)} of ${formatKb(budget)} gzip\n${listing(files)}`).toBeLessThanOrEqual(budget);
        expect(total).toBeGreaterThan(50 * 1024);
      });
    });
  }
});
