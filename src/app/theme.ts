// Theme and start-up appearance (spec §2 "On start a stored colour theme is applied, and a stored
// layout version is added as a body class"). See docs/decisions/ui.md.
import { createTheme, localStorageColorSchemeManager, PasswordInput, TextInput, type MantineColorScheme } from '@mantine/core';

/** localStorage key of the colour theme; values 'light' | 'dark' | 'auto' (Mantine's own). */
export const THEME_STORAGE_KEY = 'theme';
/** localStorage key of the layout version, added as a class on <body>. */
export const LAYOUT_VERSION_STORAGE_KEY = 'layout_version';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Required fields keep the `required` attribute (announced by screen readers) but show no
    // " *" in the label: every field of our forms is required, and a label that reads exactly
    // "Email" / "Password" is what people and end-to-end tests look for.
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { withAsterisk: false } }),
  },
});

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
