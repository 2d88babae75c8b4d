// The compose form's Instagram part: shown only when an Instagram account is picked,
// its options (share to feed, cover moment) reach the create and draft requests, and the checks
// say plainly what to fix (a cover after the end, a Reel shorter than 3 s or longer than 15 min).
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../src/app/theme';
import { emptyValues, firstInvalid, toCreateRequest, toDraftRequest, validateCompose, type ComposeValues } from '../../src/features/publishing/compose/compose-values';
import { InstagramFields } from '../../src/features/publishing/compose/InstagramFields';
import { emptyInstagram, instagramValuesFrom } from '../../src/features/publishing/compose/instagram-values';
import { ACCOUNT_2_ID, ACCOUNT_ID, account, publishableVideo, VIDEO_ID } from './helpers/publishing';

const ZONE = 'America/New_York';
const instagramAccount = account(ACCOUNT_2_ID, { platform: 'instagram', name: 'Octo Reels' });
const youtubeAccount = account(ACCOUNT_ID, { platform: 'youtube' });
const context = (duration: number | null = 42) => ({ accounts: [youtubeAccount, instagramAccount], videos: [publishableVideo(VIDEO_ID, { duration })], timeZone: ZONE, now: Date.now() });
const values = (changes: Partial<ComposeValues> = {}): ComposeValues => ({ ...emptyValues(ZONE), videoId: VIDEO_ID, accountIds: [ACCOUNT_2_ID], caption: 'Octopus facts', ...changes });

describe('compose values: Instagram', () => {
  it('sends share_to_feed and the cover moment in milliseconds only when an Instagram account is picked', () => {
    const picked = values({ instagram: { shareToFeed: false, coverSeconds: 2.5 } });
    expect(validateCompose(picked, context())).toEqual({});
    expect(toCreateRequest(picked, context()).options).toEqual({ instagram: { share_to_feed: false, thumb_offset_ms: 2500 } });
    expect(toDraftRequest(picked, context()).options).toEqual({ instagram: { share_to_feed: false, thumb_offset_ms: 2500 } });
    expect(toCreateRequest(values({ accountIds: [ACCOUNT_ID], youtube: { ...emptyValues(ZONE).youtube, title: 'T' } }), context()).options).not.toHaveProperty('instagram');
    // No cover chosen: Instagram's default (the first frame), nothing sent.
    expect(toCreateRequest(values(), context()).options).toEqual({ instagram: { share_to_feed: true } });
  });

  it('reads a draft back into the form', () => {
    expect(instagramValuesFrom({ share_to_feed: false, thumb_offset_ms: 1500 })).toEqual({ shareToFeed: false, coverSeconds: 1.5 });
    expect(instagramValuesFrom(undefined)).toEqual(emptyInstagram());
  });

  it('says what to fix: a cover after the end of the video (a Reel\'s length is the shared pre-flight\'s)', () => {
    const late = validateCompose(values({ instagram: { shareToFeed: true, coverSeconds: 50 } }), context(42));
    expect(late.instagramCover).toBe('The cover moment must be within the video (at most 42 s).');
    expect(firstInvalid(late)).toBe('instagramCover');
    // Not an Instagram post: none of this applies.
    expect(validateCompose(values({ accountIds: [ACCOUNT_ID], youtube: { ...emptyValues(ZONE).youtube, title: 'T' } }), context(2))).toEqual({});
    // A draft may hold a video that does not fit yet.
    expect(validateCompose(values(), context(2), true)).toEqual({});
  });
});

describe('InstagramFields', () => {
  it('renders the share-to-feed switch and the cover moment with its range, and reports changes', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider env="test" theme={theme}>
        <InstagramFields idPrefix="f" value={{ shareToFeed: true, coverSeconds: null }} duration={42.4} onChange={onChange} error="The cover is off." />
      </MantineProvider>,
    );
    expect(screen.getByRole('group', { name: 'Instagram' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /^Also share to the feed/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith({ shareToFeed: false });
    const cover = screen.getByLabelText('Cover moment (seconds)');
    expect(screen.getByText('The frame shown as the cover, from 0 to 42 s; empty: the first frame')).toBeTruthy();
    expect(screen.getByText('The cover is off.')).toBeTruthy();
    expect(cover.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(cover, { target: { value: '3.5' } });
    expect(onChange).toHaveBeenLastCalledWith({ coverSeconds: 3.5 });
  });
});
