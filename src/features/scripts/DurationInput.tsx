// The script's length in seconds, as the generator and the editor both ask for it. Typing is not
// clamped: the form's schema says what is wrong, so a value is never silently changed.
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function DurationInput(props: NumberInputProps) {
  return <NumberInput label="Duration (seconds)" min={5} max={600} step={5} allowDecimal={false} allowNegative={false} clampBehavior="none" miw={160} {...props} />;
}
