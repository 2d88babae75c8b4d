// Theme and start-up appearance (spec §2 "On start a stored colour theme is applied, and a stored
// layout version is added as a body class"). See docs/decisions/ui.md.
import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
// Skip-link and phone touch-target rules (docs/decisions/ui.md "Accessibility").
import './theme.css';

/** localStorage key of the colour theme; values 'light' | 'dark' | 'auto' (Mantine's own). */
export const THEME_STORAGE_KEY = 'theme';
/** localStorage key of the layout version, added as a class on <body>. */
export const LAYOUT_VERSION_STORAGE_KEY = 'layout_version';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'violet',
  // White on violet 6 is 4.95:1; Mantine's dark default (5) is 4.26:1, below WCAG AA's 4.5:1.
  primaryShade: { light: 6, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Users who ask for less motion get no sliding toasts, drawers or modals.
  respectReducedMotion: true,
  // Plain objects, not `Menu.extend(…)`: `.extend` only adds types, and importing the components
  // here would put Menu, Modal and their focus trap into the entry chunk of every page (the /login
  // budget, docs/decisions/performance.md). `satisfies` keeps the props checked.
  components: {
    // Required fields keep the `required` attribute (announced by screen readers) but show no
    // " *" in the label: every field of our forms is required, and a label that reads exactly
    // "Email" / "Password" is what people and end-to-end tests look for.
    TextInput: { defaultProps: { withAsterisk: false } satisfies Partial<TextInputProps> },
    // The show/hide toggle is a real, focusable button (Mantine leaves it out of the Tab order).
    PasswordInput: { defaultProps: { withAsterisk: false, visibilityToggleFocusable: true } satisfies Partial<PasswordInputProps> },
    // Opening a menu focuses its first item (the WAI-ARIA menu pattern) instead of a hidden
    // placeholder that axe rightly flags inside role="menu" (focusable presentational child).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // Mantine's close (×) buttons have no accessible name of their own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // Mantine's close button of a toast has no accessible name, and its text under a title is
    // gray 6 (3.3:1): use the accessible dimmed colour below.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<NotificationProps>,
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Text contrast ≥ 4.5:1 in both schemes (docs/decisions/ui.md "Accessibility"):
 * - dimmed text and placeholders: Mantine's (gray 6 on white, 3.3:1; dark 2 on dark 7, 4.0:1)
 *   fall short; these greys reach 6.1:1 and 6.4:1 on the body, above 4.5:1 on cards too;
 * - text of the "light" variant (badges, light buttons) in the light scheme: shade 9 on shade 1
 *   is below 4.5:1 for teal, green, yellow and orange; shade 9 darkened by 30% clears it for
 *   every colour (yellow, the weakest, 5.2:1). The dark scheme's shade 0 on a dark tint is fine;
 * - coloured text (`c="red"`, the red "Sign out" item; Mantine: shade 6 in light, red 3.3:1 on
 *   white, and shade 4 in dark, violet 4.0:1 on a card): the darkened shade 9 / shade 3;
 * - links in the dark scheme: primary 3 instead of 4 (4.0:1 on a card).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#5c636a' };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-placeholder': '#a6a6a6',
    '--mantine-color-anchor': `var(--mantine-color-${current.primaryColor}-3)`,
  };
  for (const color of Object.keys(current.colors)) {
    const strong = `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`;
    light[`--mantine-color-${color}-light-color`] = strong;
    light[`--mantine-color-${color}-text`] = strong;
    dark[`--mantine-color-${color}-text`] = `var(--mantine-color-${color}-3)`;
  }
  // Field error messages: red 6 on white is 3.3:1, red 8 on dark 7 is 2.9:1.
  light['--mantine-color-error'] = light['--mantine-color-red-text'] ?? 'var(--mantine-color-red-9)';
  dark['--mantine-color-error'] = 'var(--mantine-color-red-3)';
  return { variables: {}, light, dark };
};

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored colour scheme, or 'auto' when nothing valid is stored. */
export function storedColorScheme(): MantineColorScheme {
  const value = readStorage(THEME_STORAGE_KEY);
  return value === 'light' || value === 'dark' || value === 'auto' ? value : 'auto';
}

const CLASS_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Adds the stored layout version as a body class. Values that are not a single class token are
 * ignored (classList.add throws on whitespace, and we do not want arbitrary markup in there).
 * Returns the class added, or null.
 */
export function applyLayoutVersion(body: HTMLElement = document.body): string | null {
  const value = readStorage(LAYOUT_VERSION_STORAGE_KEY)?.trim();
  if (!value || !CLASS_TOKEN.test(value)) return null;
  body.classList.add(value);
  return value;
}
