import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getDisplayText,
  getLimit,
  getPermissionValue,
  hasPermission,
  isArtStyleAllowed,
  isUnlimited,
  type PermissionsObject,
  type PermissionsView,
} from '../../src/session/permission-rules';

const loaded = (permissions: PermissionsObject): PermissionsView => ({ permissions, loading: false, error: null });
const LOADING: PermissionsView = { permissions: { full_access: true, can_create_video: true, videos_limit: 5 }, loading: true, error: null };
const ERROR: PermissionsView = { permissions: { full_access: true, can_create_video: true, videos_limit: 5 }, loading: false, error: 'boom' };
const NONE: PermissionsView = { permissions: null, loading: false, error: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('not ready (loading, error, no permissions): everything denies', () => {
  it.each([
    ['loading', LOADING],
    ['error', ERROR],
    ['no permissions', NONE],
  ])('%s', (_label, view) => {
    expect(hasPermission(view, 'can_create_video')).toBe(false);
    expect(isUnlimited(view, 'videos')).toBe(false);
    expect(isUnlimited(view, 'missing')).toBe(false);
    expect(getLimit(view, 'videos')).toBeNull();
    expect(isArtStyleAllowed(view, 'anime')).toBe(false);
    expect(getPermissionValue(view, 'can_create_video')).toBeNull();
  });

  it('an error object (not only a string) counts as error', () => {
    expect(hasPermission({ permissions: { can_x: 1 }, loading: false, error: { message: 'x' } }, 'can_x')).toBe(false);
  });
});

describe('hasPermission', () => {
  it.each<[string, PermissionsObject, string, boolean]>([
    ['full_access true', { full_access: true }, 'can_create_series', true],
    ['full_access "1"', { full_access: '1' }, 'can_create_series', true],
    ['full_access false', { full_access: false }, 'can_create_series', false],
    ['full_access "0"', { full_access: '0' }, 'can_create_series', false],
    ['entry true', { can_create_series: true }, 'can_create_series', true],
    ['entry present with false (presence only)', { can_create_series: false }, 'can_create_series', true],
    ['entry present with 0', { can_create_series: 0 }, 'can_create_series', true],
    ['entry null', { can_create_series: null }, 'can_create_series', false],
    ['entry missing', { can_publish_post: true }, 'can_create_series', false],
  ])('%s', (_label, permissions, name, expected) => {
    expect(hasPermission(loaded(permissions), name)).toBe(expected);
  });
});

describe('isUnlimited and getLimit (names with or without _limit)', () => {
  it.each<[string, PermissionsObject, string, boolean, number | null]>([
    ['has_unlimited flag', { has_unlimited_videos: true, videos_limit: 5 }, 'videos', true, null],
    ['has_unlimited flag, suffixed name', { has_unlimited_videos: true, videos_limit: 5 }, 'videos_limit', true, null],
    ['full access', { full_access: true, videos_limit: 5 }, 'videos', true, null],
    ['full access "1"', { full_access: '1', videos_limit: 5 }, 'videos_limit', true, null],
    ['limit null', { videos_limit: null }, 'videos', true, null],
    ['limit missing', {}, 'videos', true, null],
    ['numeric limit', { videos_limit: 5, has_unlimited_videos: false }, 'videos', false, 5],
    ['numeric limit, suffixed name', { videos_limit: 5 }, 'videos_limit', false, 5],
    ['string limit parsed base 10', { videos_limit: '08' }, 'videos', false, 8],
    ['string limit with junk', { videos_limit: '12 per month' }, 'videos', false, 12],
    ['zero limit', { videos_limit: 0 }, 'videos', false, 0],
    ['has_unlimited "true" string is not true', { has_unlimited_videos: 'true', videos_limit: 3 }, 'videos', false, 3],
  ])('%s', (_label, permissions, limit, unlimited, value) => {
    expect(isUnlimited(loaded(permissions), limit)).toBe(unlimited);
    expect(getLimit(loaded(permissions), limit)).toBe(value);
  });
});

describe('getDisplayText', () => {
  it.each<[string, PermissionsView, string, string]>([
    ['loading', LOADING, 'videos', 'Loading...'],
    ['error', ERROR, 'videos', 'Loading...'],
    ['display field wins', loaded({ videos_limit: 5, videos_display: '5 per month' }), 'videos', '5 per month'],
    ['display field, suffixed name', loaded({ videos_limit: 5, videos_display: '5 / mo' }), 'videos_limit', '5 / mo'],
    ['display field even with full access', loaded({ full_access: true, videos_display: 'All you want' }), 'videos', 'All you want'],
    ['unlimited by flag', loaded({ has_unlimited_videos: true, videos_limit: 5 }), 'videos', 'Unlimited'],
    ['unlimited by full access', loaded({ full_access: true, videos_limit: 5 }), 'videos', 'Unlimited'],
    ['unlimited when missing', loaded({}), 'videos', 'Unlimited'],
    ['raw value', loaded({ videos_limit: 5 }), 'videos', '5'],
    ['raw string value', loaded({ videos_limit: '07' }), 'videos', '07'],
    ['no permissions at all', NONE, 'videos', '0'],
  ])('%s', (_label, view, limit, expected) => {
    expect(getDisplayText(view, limit)).toBe(expected);
  });
});

describe('getPermissionValue', () => {
  it.each<[string, PermissionsObject, string, unknown]>([
    ['full access -> null', { full_access: true, series_limit: 4 }, 'series_limit', null],
    ['value', { series_limit: 4 }, 'series_limit', 4],
    ['object value', { voices: ['a'] }, 'voices', ['a']],
    ['missing -> null', {}, 'series_limit', null],
  ])('%s', (_label, permissions, name, expected) => {
    expect(getPermissionValue(loaded(permissions), name)).toEqual(expected);
  });
});

describe('isArtStyleAllowed', () => {
  it.each<[string, PermissionsObject, string, boolean]>([
    ['full access', { full_access: true, allowed_art_styles: ['anime'] }, 'comic', true],
    ['list absent', {}, 'comic', true],
    ['list null', { allowed_art_styles: null }, 'comic', true],
    ['in list', { allowed_art_styles: ['anime', 'comic'] }, 'comic', true],
    ['not in list', { allowed_art_styles: ['anime'] }, 'comic', false],
    ['empty list', { allowed_art_styles: [] }, 'comic', false],
    ['JSON string, in list', { allowed_art_styles: '["anime","comic"]' }, 'comic', true],
    ['JSON string, not in list', { allowed_art_styles: '["anime"]' }, 'comic', false],
  ])('%s', (_label, permissions, style, expected) => {
    expect(isArtStyleAllowed(loaded(permissions), style)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['unparsable JSON', '[anime'],
    ['JSON that is not a list', '{"anime":true}'],
    ['a number', 42],
    ['an object', { anime: true }],
  ])('malformed list (%s) is logged and allows the style', (_label, list) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(isArtStyleAllowed(loaded({ allowed_art_styles: list }), 'comic')).toBe(true);
    expect(log).toHaveBeenCalled();
  });
});
