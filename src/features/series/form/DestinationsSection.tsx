// Step 4 (and the settings' destinations): the creator's connected accounts, each platform's own
// options (TikTok's privacy has no default: TikTok asks the creator to choose it), and what the
// platforms would say about an episode of this length and frame before any is made.
import { Alert, Fieldset, List, Select, Stack, Switch, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { describeIssue, preflight, TIKTOK_PRIVACY_LABELS, type PreflightOptions } from '../../../../contract/preflight';
import { TIKTOK_PRIVACY_LEVELS, type SocialPlatform } from '../../../../contract/publishing';
import { AccountPicker } from '../../../ui/accounts/AccountPicker';
import { allAccounts } from '../../accounts/data';
import { SWITCH_STYLES } from '../../../ui/captions/CaptionStylePicker';
import type { DestinationsForm, StyleForm } from './series-form';
import type { SectionProps } from './section-props';

const FRAME_SIZES: Record<StyleForm['aspectRatio'], { width: number; height: number }> = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '16:9': { width: 1920, height: 1080 },
};

/**
 * What the platforms would refuse or change about an episode of this style, known before any is
 * made: its length and frame. The title and caption come from each episode, so those rules wait.
 */
export function destinationWarnings(platforms: ReadonlySet<SocialPlatform>, style: StyleForm, options: PreflightOptions): string[] {
  const video = { duration: style.duration, ...FRAME_SIZES[style.aspectRatio] };
  return [...platforms].flatMap((platform) =>
    preflight(video, platform, options, '')
      .filter((issue) => issue.field !== 'caption' && !issue.field.endsWith('.title') && !issue.field.includes('privacy_level'))
      .map((issue) => describeIssue(issue)),
  );
}

const YOUTUBE_PRIVACY = [
  { value: 'public', label: 'Public' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'private', label: 'Private' },
];

export function DestinationsSection({ form, update, errors, disabled }: SectionProps) {
  const accounts = useLiveQuery(allAccounts, []);
  const destinations = form.destinations;
  const set = (patch: Partial<DestinationsForm>) => update({ destinations: { ...destinations, ...patch } });
  const platforms = useMemo(
    () => new Set(destinations.accountIds.map((id) => accounts?.find((account) => account.id === id)?.platform).filter((platform): platform is SocialPlatform => platform !== undefined)),
    [accounts, destinations.accountIds],
  );
  const warnings = destinationWarnings(platforms, form.style, {
    youtube: { privacy: destinations.youtubePrivacy, made_for_kids: destinations.youtubeMadeForKids },
    ...(destinations.tiktokPrivacy ? { tiktok: { privacy_level: destinations.tiktokPrivacy } } : {}),
    instagram: { share_to_feed: destinations.instagramShareToFeed },
  });

  return (
    <Stack gap="md">
      {disabled ? (
        <AccountPicker id="series-accounts" accounts={undefined} value={destinations.accountIds} onChange={() => undefined} />
      ) : (
        <AccountPicker id="series-accounts" accounts={accounts} value={destinations.accountIds} onChange={(accountIds) => set({ accountIds })} error={errors.accountIds} />
      )}
      {platforms.has('youtube') ? (
        <Fieldset legend="YouTube" variant="filled">
          <Stack gap="xs">
            <Select label="Visibility" data={YOUTUBE_PRIVACY} value={destinations.youtubePrivacy} allowDeselect={false} disabled={disabled} onChange={(value) => set({ youtubePrivacy: (value ?? 'public') as DestinationsForm['youtubePrivacy'] })} />
            <Switch styles={SWITCH_STYLES} label="Made for kids" checked={destinations.youtubeMadeForKids} disabled={disabled} onChange={(event) => set({ youtubeMadeForKids: event.currentTarget.checked })} />
          </Stack>
        </Fieldset>
      ) : null}
      {platforms.has('tiktok') ? (
        <Fieldset legend="TikTok" variant="filled">
          <Select
            label="Who can see the posts"
            placeholder="Choose who can see them"
            required
            data={TIKTOK_PRIVACY_LEVELS.map((level) => ({ value: level, label: TIKTOK_PRIVACY_LABELS[level] }))}
            value={destinations.tiktokPrivacy}
            error={errors.tiktokPrivacy}
            disabled={disabled}
            onChange={(value) => set({ tiktokPrivacy: (value) ?? null })}
          />
        </Fieldset>
      ) : null}
      {platforms.has('instagram') ? (
        <Fieldset legend="Instagram" variant="filled">
          <Switch styles={SWITCH_STYLES} label="Also share to the feed" checked={destinations.instagramShareToFeed} disabled={disabled} onChange={(event) => set({ instagramShareToFeed: event.currentTarget.checked })} />
        </Fieldset>
      ) : null}
      {warnings.length > 0 ? (
        <Alert color="yellow" title="Before the first episode" role="status">
          <List size="sm">
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {errors.options ? (
        <Text c="red" fz="sm">
          {errors.options}
        </Text>
      ) : null}
    </Stack>
  );
}
