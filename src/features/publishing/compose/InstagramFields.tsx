// Instagram's own options of a post (Reels): whether the Reel is also shown in the feed grid, and
// the moment of the video used as its cover (Instagram's thumb_offset).
import { Fieldset, NumberInput, Stack, Switch } from '@mantine/core';
import type { InstagramValues } from './instagram-values';

export interface InstagramFieldsProps {
  idPrefix: string;
  value: InstagramValues;
  /** The chosen video's length in seconds, when known (bounds the cover moment). */
  duration: number | null;
  onChange: (changes: Partial<InstagramValues>) => void;
  error?: string | undefined;
}

export function InstagramFields({ idPrefix, value, duration, onChange, error }: InstagramFieldsProps) {
  return (
    <Fieldset legend="Instagram" variant="filled" radius="md">
      <Stack gap="sm">
        <Switch
          id={`${idPrefix}-instagramShareToFeed`}
          label="Also share to the feed"
          description="The Reel shows in the Reels tab; with this on, also in the profile's grid"
          checked={value.shareToFeed}
          onChange={(event) => onChange({ shareToFeed: event.currentTarget.checked })}
        />
        <NumberInput
          id={`${idPrefix}-instagramCover`}
          label="Cover moment (seconds)"
          description={duration !== null ? `The frame shown as the cover, from 0 to ${Math.floor(duration)} s; empty: the first frame` : 'The frame shown as the cover; empty: the first frame'}
          value={value.coverSeconds ?? ''}
          min={0}
          {...(duration !== null ? { max: Math.floor(duration) } : {})}
          step={0.5}
          decimalScale={1}
          allowNegative={false}
          onChange={(next) => onChange({ coverSeconds: typeof next === 'number' ? next : next === '' ? null : Number(next) })}
          error={error}
        />
      </Stack>
    </Fieldset>
  );
}
