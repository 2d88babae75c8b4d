// The permissions object of spec §3, as GET /api/user/permissions returns it. Only the fields the
// spec names are typed; the rest are plan-specific entries checked for presence.
export interface Permissions {
  full_access?: boolean | '1' | 1 | null;
  has_full_access?: boolean;
  /** A list of style names, or a JSON-encoded string of that list; absent means all allowed. */
  allowed_art_styles?: string[] | string | null;
  [entry: string]: unknown;
}

/** The permission entries that gate routes (spec §2). */
export const ROUTE_PERMISSIONS = ['can_create_video', 'can_create_series', 'can_publish_post', 'can_create_video_caption'] as const;
export type RoutePermission = (typeof ROUTE_PERMISSIONS)[number];

/** Every art style the product knows; plans allow a subset. */
export const ART_STYLES = [
  'realistic',
  'cinematic',
  'anime',
  'comic',
  'watercolor',
  'pixel-art',
  'cyberpunk',
  'fantasy',
  'minimalist',
  'vintage',
] as const;
