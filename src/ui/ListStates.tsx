// The parts every list of the app shares, so they look and read the same everywhere: loading from
// the local store, the search box and status filter above a list, the live count ("3 of 12
// posts"), the "nothing yet" and "nothing matches" states, and the titled section a list sits in.
import { Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { formatCount } from './format-count';

export function ListLoading({ label, live = true }: { label: string; live?: boolean }) {
  return (
    <Group gap="xs" py="lg" justify="center">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed" role="status" aria-live={live ? 'polite' : undefined}>
        {label}
      </Text>
    </Group>
  );
}

export interface ListSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  miw?: number;
}

export function ListSearch({ label, placeholder, value, onChange, miw }: ListSearchProps) {
  return (
    <TextInput
      label={label}
      type="search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      miw={miw}
    />
  );
}

export interface ListFiltersProps<T extends string> {
  search: ListSearchProps;
  status: { data: readonly { value: T; label: string }[]; value: T; onChange: (value: T) => void; fallback: T; miw: number };
}

/** A search box and a status select side by side (stacked when the screen is narrow). */
export function ListFilters<T extends string>({ search, status }: ListFiltersProps<T>) {
  return (
    <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
      <ListSearch miw={200} {...search} />
      <Select label="Status" data={status.data} value={status.value} onChange={(value) => status.onChange(value ?? status.fallback)} allowDeselect={false} miw={status.miw} />
    </Group>
  );
}

/** "12 posts", or "3 of 12 posts" while a search or filter hides some; read out as it changes. */
export function ListCount({ shown, total, words }: { shown: number; total: number; words: (count: number) => string }) {
  return (
    <Text fz="sm" c="dimmed" role="status" aria-live="polite">
      {shown === total ? words(total) : `${formatCount(shown)} of ${words(total)}`}
    </Text>
  );
}

/** The list has items, but none matches: say so and offer the way back. */
export function NoMatches({ title, children, clearLabel, onClear }: { title: string; children?: ReactNode; clearLabel: string; onClear: () => void }) {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
      <Button variant="subtle" onClick={onClear}>
        {clearLabel}
      </Button>
    </Stack>
  );
}

/**
 * A titled list on a screen: a section named by its heading (for landmarks and screen readers).
 * Pass `headingId` when something inside is labelled by the heading too.
 */
export function ListSection({ title, headingId: givenId, children }: { title: string; headingId?: string; children: ReactNode }) {
  const ownId = useId();
  const headingId = givenId ?? ownId;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The list has no items at all: what will show up here, and (`children`) how to make the first. */
export function ListEmpty({ icon, title, text, children }: { icon?: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      {icon}
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text c="dimmed" maw={440}>
        {text}
      </Text>
      {children}
    </Stack>
  );
}
