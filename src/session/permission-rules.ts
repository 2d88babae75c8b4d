// The permission rules of spec §5 as pure functions, so they are tested without React and used
// by the router guard as well as by usePermissions.
//
// Checks apply only when loading is finished, there is no error and a permissions object exists;
// otherwise every check denies (hasPermission false, unlimited false, limit null, no art style).

export type PermissionsObject = Readonly<Record<string, unknown>>;

export interface PermissionsView {
  readonly permissions: PermissionsObject | null;
  readonly loading: boolean;
  readonly error: unknown;
}

const isSet = (value: unknown) => value !== undefined && value !== null;

/** Text of a permission value: strings and numbers as they are, anything else as JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The permissions object when checks apply, else null. */
function ready(view: PermissionsView): PermissionsObject | null {
  if (view.loading || isSet(view.error) || !view.permissions) return null;
  return view.permissions;
}

/** full_access is true or the string "1" (1 as a number is accepted too: same meaning on the
 *  wire from PHP/JSON backends). */
export function hasFullAccess(permissions: PermissionsObject | null): boolean {
  if (!permissions) return false;
  const value = permissions.full_access;
  return value === true || value === '1' || value === 1;
}

/** "videos" and "videos_limit" both name the limit videos_limit. */
export function limitNames(limit: string): { base: string; limitKey: string; unlimitedKey: string; displayKey: string } {
  const base = limit.endsWith('_limit') ? limit.slice(0, -'_limit'.length) : limit;
  return { base, limitKey: `${base}_limit`, unlimitedKey: `has_unlimited_${base}`, displayKey: `${base}_display` };
}

/** Held if full access, or the entry is present and not null (presence only: spec §3). */
export function hasPermission(view: PermissionsView, name: string): boolean {
  const permissions = ready(view);
  if (!permissions) return false;
  return hasFullAccess(permissions) || isSet(permissions[name]);
}

/** Unlimited if has_unlimited_<base> is true, or full access, or the limit value null/missing. */
export function isUnlimited(view: PermissionsView, limit: string): boolean {
  const permissions = ready(view);
  if (!permissions) return false;
  const { limitKey, unlimitedKey } = limitNames(limit);
  return permissions[unlimitedKey] === true || hasFullAccess(permissions) || !isSet(permissions[limitKey]);
}

/** The limit as a base-10 integer; null while not ready or when unlimited. A value that is not a
 *  number at all reads as 0 (deny rather than grant). */
export function getLimit(view: PermissionsView, limit: string): number | null {
  const permissions = ready(view);
  if (!permissions || isUnlimited(view, limit)) return null;
  const parsed = Number.parseInt(String(permissions[limitNames(limit).limitKey]), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** "Loading..." while loading or on error; else <base>_display, else "Unlimited", else the raw
 *  value, else "0". */
export function getDisplayText(view: PermissionsView, limit: string): string {
  if (view.loading || isSet(view.error)) return 'Loading...';
  const { limitKey, displayKey } = limitNames(limit);
  const display = view.permissions?.[displayKey];
  if (isSet(display)) return text(display);
  if (isUnlimited(view, limit)) return 'Unlimited';
  const raw = view.permissions?.[limitKey];
  if (isSet(raw)) return text(raw);
  return '0';
}

/** The raw entry; null when full access is set, while not ready, or when absent. */
export function getPermissionValue(view: PermissionsView, name: string): unknown {
  const permissions = ready(view);
  if (!permissions || hasFullAccess(permissions)) return null;
  const value = permissions[name];
  return isSet(value) ? value : null;
}

/** Allowed if full access, or allowed_art_styles is absent (all allowed), or the style is in the
 *  list. A malformed list or a JSON string that does not parse is logged and allows the style. */
export function isArtStyleAllowed(view: PermissionsView, style: string): boolean {
  const permissions = ready(view);
  if (!permissions) return false;
  if (hasFullAccess(permissions)) return true;
  const list: unknown = permissions.allowed_art_styles;
  if (!isSet(list)) return true;
  let styles: unknown = list;
  if (typeof list === 'string') {
    try {
      styles = JSON.parse(list);
    } catch (error) {
      console.error('Failed to parse allowed_art_styles; allowing all styles:', error);
      return true;
    }
  }
  if (!Array.isArray(styles)) {
    console.error('Invalid allowed_art_styles format; allowing all styles:', list);
    return true;
  }
  return styles.includes(style);
}
