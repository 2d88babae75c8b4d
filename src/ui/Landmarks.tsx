// Landmarks every page shares. "Skip to content" is the first focusable element of every page
// (rendered by the root route) and is shown when focused; it moves focus into the page's <main>,
// which has the id MAIN_CONTENT_ID. The signed-in shell's <main> is AppShell.Main; pages outside
// the shell wrap themselves in <MainLandmark>.
import { Box, type BoxProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  // Focus is moved by hand: a bare "#main-content" would change the URL's hash (the router sees a
  // navigation) and does not move keyboard focus in every browser.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}

/** The <main> landmark of a page outside the signed-in shell; focusable for the skip link. */
export function MainLandmark({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} {...props}>
      {children}
    </Box>
  );
}
