// One mechanism for every page title: each route names itself in `staticData.title`
// (src/app/router.tsx); the deepest matched route's name wins and becomes
// "My scripts · Reelflow". Screen-reader users hear the title on each navigation, and tabs and
// history entries are told apart.
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';

export const APP_NAME = 'Reelflow';
export const NOT_FOUND_TITLE = 'Page not found';

/** "My scripts" → "My scripts · Reelflow"; no name → "Reelflow". */
export function pageTitle(name?: string | null): string {
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Keeps document.title in step with the current route. Rendered once, by the root route. */
export function DocumentTitle() {
  // Every route with a path has a title (pinned by tests/unit/app-accessibility.test.tsx), so a
  // location where no matched route has one is a location no route matches: "Page not found".
  const name = useMatches({
    select: (matches) => matches.reduce<string | null>((title, match) => match.staticData.title ?? title, null) ?? NOT_FOUND_TITLE,
  });
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
  return null;
}
