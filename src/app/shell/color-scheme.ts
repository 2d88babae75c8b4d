// The light/dark switch of the header (a toggle on wider screens, an item of the account menu on
// phones).
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  // Read at once (no server render to match): reading it in an effect rendered the header twice.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  return { computed, next, label: `Switch to ${next} theme`, toggle: () => setColorScheme(next) };
}
