// The series form's rules without a screen: "N a day" spread evenly, the next five posts in plain
// words, the weekly cost, what the settings screen sends (changed fields only), what a draft
// saves at each step and what still keeps a series from starting.
import { describe, expect, it } from 'vitest';
import type { Series } from '../../contract/series';
import { nextPostsText } from '../../src/features/series/form/CadenceSection';
import { costText } from '../../src/features/series/form/ReviewSummary';
import { cadenceTimes, changedFields, checkSection, defaultSeriesForm, draftRequest, formFromSeries, missingPieces, type FormContext, type SeriesForm } from '../../src/features/series/form/series-form';

const ACCOUNT = '7d0b8f6e-2a53-4c11-9a8e-3f3c1b2a4d5e';
const TIKTOK = '2f1e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const platforms: Record<string, string> = { [ACCOUNT]: 'youtube', [TIKTOK]: 'tiktok' };
const context: FormContext = { platformOf: (id) => platforms[id], isArtStyleAllowed: () => true, maxSeconds: 180 };

function filled(patch: Partial<SeriesForm> = {}): SeriesForm {
  const form = defaultSeriesForm('Europe/Berlin');
  return { ...form, name: 'Deep sea', niche: 'Strange facts about the deep sea', destinations: { ...form.destinations, accountIds: [ACCOUNT] }, ...patch };
}

describe('series form', () => {
  it('spreads "N a day" evenly from 09:00 to 21:00', () => {
    expect(cadenceTimes({ cadenceMode: 'per_day', perDay: 3, times: [] })).toEqual(['09:00', '15:00', '21:00']);
    expect(cadenceTimes({ cadenceMode: 'per_day', perDay: 1, times: [] })).toEqual(['09:00']);
    expect(cadenceTimes({ cadenceMode: 'per_day', perDay: 4, times: [] })).toEqual(['09:00', '13:00', '17:00', '21:00']);
    // Set times are kept as chosen, sorted and once each.
    expect(cadenceTimes({ cadenceMode: 'days', perDay: 3, times: ['21:00', '08:30', '21:00'] })).toEqual(['08:30', '21:00']);
  });

  it('says the next five posts in plain words, in the series’ zone', () => {
    // Wednesday 2 December 2026, 17:30 in Berlin (16:30 UTC).
    const now = Date.UTC(2026, 11, 2, 16, 30);
    const everyOtherDay = filled({ days: [1, 3, 5], times: ['18:00', '09:00'] });
    expect(nextPostsText(everyOtherDay, now)).toEqual(['Today at 18:00', 'Friday 4 December at 09:00', 'Friday 4 December at 18:00', 'Monday 7 December at 09:00', 'Monday 7 December at 18:00']);
    const tokyo = filled({ days: [0, 1, 2, 3, 4, 5, 6], times: ['07:00'], timeZone: 'Asia/Tokyo' });
    // 01:30 on Thursday in Tokyo: today's 07:00 is still to come.
    expect(nextPostsText(tokyo, now).slice(0, 2)).toEqual(['Today at 07:00', 'Tomorrow at 07:00']);
    expect(nextPostsText(filled({ days: [] }), now)).toEqual([]);
  });

  it('estimates the credits a week from the cadence, the length and the plan’s price', () => {
    const form = filled({ cadenceMode: 'per_day', perDay: 2, style: { ...defaultSeriesForm('UTC').style, duration: 30 } });
    // 7 days × 2 = 14 episodes; 30 s × 0.5 credits a second = 15 credits each.
    expect(costText(form, 0.5)).toBe('About 210 credits a week: 14 episodes × 15 credits.');
    expect(costText(filled({ days: [1, 5] }), 0.25)).toBe('About 16 credits a week: 2 episodes × 8 credits.');
    expect(costText(form, undefined)).toMatch(/once your plan is on this device/);
  });

  it('saves a draft with the name and the steps already passed, and the step reached', () => {
    const form = filled();
    expect(draftRequest(form, 'id-1', 1, context.platformOf)).toEqual({
      id: 'id-1',
      status: 'draft',
      wizard_step: 1,
      name: 'Deep sea',
      topic: { mode: 'niche', niche: 'Strange facts about the deep sea' },
    });
    const third = draftRequest(form, 'id-1', 3, context.platformOf);
    expect(third.cadence).toEqual({ days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00'], per_day: null });
    expect(third.time_zone).toBe('Europe/Berlin');
    expect(third.destinations).toBeUndefined();
  });

  it('asks for TikTok’s privacy level once a TikTok account is chosen, and lists what keeps the series from starting', () => {
    const form = filled({ destinations: { ...defaultSeriesForm('UTC').destinations, accountIds: [TIKTOK] } });
    expect(checkSection(form, 'destinations', context)).toEqual({ tiktokPrivacy: 'Choose who can see the TikTok post.' });
    expect(checkSection({ ...form, destinations: { ...form.destinations, tiktokPrivacy: 'SELF_ONLY' } }, 'destinations', context)).toEqual({});

    const missing = missingPieces(filled({ niche: 'ab', destinations: { ...form.destinations, accountIds: [] } }), context);
    expect(missing.map((piece) => [piece.step, piece.message])).toEqual([
      [0, 'The niche must be at least 3 characters.'],
      [3, 'Choose at least one account to post to before starting the series.'],
    ]);
    expect(missingPieces(filled(), context)).toEqual([]);
  });

  it('sends only the settings that changed', () => {
    const series: Series = {
      id: 's1',
      name: 'Deep sea',
      description: '',
      tags: [],
      hashtags: [],
      status: 'active',
      attention: null,
      wizard_step: 4,
      topic: { mode: 'niche', niche: 'Strange facts about the deep sea' },
      style: { duration: 30, language: 'english', art_style: 'cinematic', music: null, caption_settings: { preset: 'bold-pop' }, aspect_ratio: '9:16', watermark: false },
      cadence: { days: [1, 3], times: ['18:00'], per_day: null },
      time_zone: 'Europe/Berlin',
      destinations: { account_ids: [ACCOUNT], options: { youtube: { privacy: 'public', made_for_kids: false, category_id: '22' } } },
      review_mode: 'review',
      lead_hours: 6,
      weekly_credit_cap: null,
      never_again: [],
      stats: { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 },
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    };
    const loaded = formFromSeries(series, 'UTC');
    expect(changedFields(loaded, loaded, context.platformOf)).toEqual({});
    expect(changedFields(loaded, { ...loaded, leadHours: 12 }, context.platformOf)).toEqual({ lead_hours: 12 });
    expect(changedFields(loaded, { ...loaded, days: [1, 3, 5] }, context.platformOf)).toEqual({ cadence: { days: [1, 3, 5], times: ['18:00'], per_day: null } });
  });
});
