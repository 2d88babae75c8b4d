import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * PasswordInput whose show/hide toggle has a label without the word "password", so that a
 * password field is found unambiguously by its label (Mantine's default toggle label is
 * "Toggle password visibility", which a label search for "Password" also matches).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }} {...props} />;
}
