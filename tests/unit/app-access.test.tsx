import { describe, expect, it } from 'vitest';
import { decideAccess, GUARD_TEXT } from '../../src/app/access';

const holds = (...names: string[]) => (name: string) => names.includes(name);
const user = { id: 1, name: 'Ada' };

describe('decideAccess (spec §4 route guard)', () => {
  it('sends a visitor without a user to /login, before anything else', () => {
    expect(decideAccess({ user: null, permissionsLoading: true, hasPermission: holds(), required: 'can_create_video' })).toBe('login');
    expect(decideAccess({ user: undefined, permissionsLoading: false, hasPermission: holds('can_create_video') })).toBe('login');
  });

  it('waits while permissions load, even for routes that need none', () => {
    expect(decideAccess({ user, permissionsLoading: true, hasPermission: holds() })).toBe('loading');
    expect(decideAccess({ user, permissionsLoading: true, hasPermission: holds(), required: 'can_publish_post' })).toBe('loading');
  });

  it('denies a route whose permission the user lacks', () => {
    expect(decideAccess({ user, permissionsLoading: false, hasPermission: holds('can_create_video'), required: 'can_create_series' })).toBe(
      'denied',
    );
  });

  it('allows routes without a permission and routes whose permission is held', () => {
    expect(decideAccess({ user, permissionsLoading: false, hasPermission: holds() })).toBe('allow');
    expect(decideAccess({ user, permissionsLoading: false, hasPermission: holds(), required: null })).toBe('allow');
    expect(
      decideAccess({ user, permissionsLoading: false, hasPermission: holds('can_create_video_caption'), required: 'can_create_video_caption' }),
    ).toBe('allow');
  });

  it('uses the spec texts exactly', () => {
    expect(GUARD_TEXT).toEqual({
      loadingPermissions: 'Loading permissions...',
      deniedTitle: 'Access Denied',
      deniedBody: 'You do not have permission to view this page.',
      deniedButton: 'OK',
    });
  });
});
