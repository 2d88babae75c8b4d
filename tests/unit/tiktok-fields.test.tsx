// The compose form's TikTok options: the privacy levels come from creator_info (no
// default, required), interactions the account turned off are off and disabled, the AI-generated
// label is on by default, commercial content asks which kind, the longest video is shown — and
// the form's values become the post's `options.tiktok`.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TiktokCreatorInfo } from '../../contract/publishing';
import { theme } from '../../src/app/theme';
import { emptyTiktok, emptyValues, toCreateRequest, toDraftRequest, validateCompose, type TiktokValues } from '../../src/features/publishing/compose/compose-values';
import { TikTokFields } from '../../src/features/publishing/compose/TikTokFields';
import { combineCreatorInfo } from '../../src/features/publishing/data/tiktok-creator-info';
import { composeIssues, issueFieldErrors } from '../../src/features/publishing/compose/preflight-checks';
import { account, publishableVideo } from './helpers/publishing';

const TIKTOK_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const VIDEO_ID = '9b2f6a51-3c1e-4c57-8a2a-2f3c4d5e6f70';

const info = (fields: Partial<TiktokCreatorInfo> = {}): TiktokCreatorInfo => ({
  account_id: TIKTOK_ID,
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
  comment_disabled: false,
  duet_disabled: true,
  stitch_disabled: false,
  max_video_post_duration_sec: 180,
  nickname: 'Tok',
  username: 'tok',
  avatar_url: null,
  ...fields,
});

function renderFields(load: (id: string) => Promise<TiktokCreatorInfo>) {
  const seen: TiktokValues[] = [];
  function Harness() {
    const [value, setValue] = useState<TiktokValues>(emptyTiktok());
    seen.push(value);
    return <TikTokFields idPrefix="t" accountIds={[TIKTOK_ID]} value={value} onChange={(changes) => setValue((current) => ({ ...current, ...changes }))} load={load} onLimits={(reported) => limits.push(reported)} />;
  }
  render(
    <MantineProvider env="test" theme={theme}>
      <Harness />
    </MantineProvider>,
  );
  return { latest: () => seen[seen.length - 1]! };
}

/** What TikTokFields reported of the accounts' limits, in order. */
const limits: unknown[] = [];

describe('TikTokFields', () => {
  it('fills the privacy levels from creator info, with no default, and respects what the account turned off', async () => {
    const load = vi.fn(() => Promise.resolve(info()));
    const { latest } = renderFields(load);
    expect(screen.getByRole('status').textContent).toContain('Asking TikTok');
    const privacy = screen.getByRole<HTMLInputElement>('combobox', { name: /Who can see this post/ });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(load).toHaveBeenCalledWith(TIKTOK_ID);
    expect(privacy.value).toBe('');
    expect(latest().privacyLevel).toBeNull();
    expect(screen.getByText('Videos up to 3 min can be posted to this account.')).toBeTruthy();

    const duet = screen.getByRole<HTMLInputElement>('switch', { name: /^Allow Duet/ });
    expect(duet.disabled).toBe(true);
    expect(duet.checked).toBe(false);
    expect(screen.getByText('Turned off for this account in TikTok')).toBeTruthy();
    const comments = screen.getByRole<HTMLInputElement>('switch', { name: /^Allow comments/ });
    expect(comments.disabled).toBe(false);
    expect(comments.checked).toBe(true);
    expect(limits.at(-1)).toEqual({ tiktokCreatorMaxSeconds: 180, tiktokPrivacyLevels: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] });
    expect((screen.getByRole<HTMLInputElement>('switch', { name: /^Label as AI-generated content/ })).checked).toBe(true);

    fireEvent.click(privacy);
    expect(screen.queryByRole('option', { name: 'Followers' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Only me' }));
    await waitFor(() => expect(latest().privacyLevel).toBe('SELF_ONLY'));

    expect(screen.queryByRole('checkbox', { name: /Branded content/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: /^Disclose commercial content/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Your brand/ }));
    await waitFor(() => expect(latest()).toMatchObject({ commercial: true, yourBrand: true, brandedContent: false }));
  });

  it('says so when the options cannot be loaded (offline) and offers every level', async () => {
    renderFields(() => Promise.reject(new Error('Network Error')));
    expect(await screen.findByRole('alert')).toBeTruthy();
    const privacy = screen.getByRole<HTMLInputElement>('combobox', { name: /Who can see this post/ });
    expect(privacy.disabled).toBe(false);
    fireEvent.click(privacy);
    expect(await screen.findAllByRole('option')).toHaveLength(4);
  });

  it('combines several accounts: shared levels only, any disabled interaction, the shortest duration', () => {
    const combined = combineCreatorInfo([info(), info({ privacy_level_options: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'], duet_disabled: false, comment_disabled: true, max_video_post_duration_sec: 60 })]);
    expect(combined).toEqual({ privacyLevels: ['SELF_ONLY'], commentDisabled: true, duetDisabled: true, stitchDisabled: false, maxDurationSec: 60 });
  });
});

describe('compose values with a TikTok account', () => {
  const accounts = [account(TIKTOK_ID, { platform: 'tiktok', name: 'Tok' })];
  const context = { accounts, videos: [{ ...publishableVideo(VIDEO_ID), thumbnail_blob: null } as never], timeZone: 'UTC', now: Date.now() };

  it('requires the privacy level before posting (the pre-flight, on its own field) and sends the TikTok options', () => {
    const values = { ...emptyValues('UTC'), videoId: VIDEO_ID, accountIds: [TIKTOK_ID], caption: 'Hello' };
    expect(issueFieldErrors(composeIssues(values, context)).tiktokPrivacy).toBe('Choose who can see the post (TikTok requires the choice).');
    expect(validateCompose(values, context, true)).toEqual({});
    expect(toDraftRequest(values, context).options).toEqual({ tiktok: { disable_comment: false, disable_duet: false, disable_stitch: false, is_aigc: true, brand_organic_toggle: false, brand_content_toggle: false } });

    const chosen = { ...values, tiktok: { ...values.tiktok, privacyLevel: 'MUTUAL_FOLLOW_FRIENDS' as const, allowDuet: false, commercial: true, brandedContent: true } };
    expect(validateCompose(chosen, context)).toEqual({});
    expect(issueFieldErrors(composeIssues(chosen, context))).toEqual({});
    // The account's own longest video (creator_info) is checked too: 42 s is over a 30 s limit.
    const tooLong = composeIssues(chosen, { ...context, tiktokLimits: { tiktokCreatorMaxSeconds: 30, tiktokPrivacyLevels: null } });
    expect(tooLong).toContainEqual({ platform: 'tiktok', field: 'video_id', severity: 'error', message: 'Use a video of at most 30 s: this account may post no longer (this one is 42 s).' });
    expect(toCreateRequest(chosen, context).options).toEqual({
      tiktok: { privacy_level: 'MUTUAL_FOLLOW_FRIENDS', disable_comment: false, disable_duet: true, disable_stitch: false, is_aigc: true, brand_organic_toggle: false, brand_content_toggle: true },
    });
  });
});
