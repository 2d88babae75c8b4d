// The public face of the session module (spec §3, §4, §5). Screens and the router use only these
// hooks and types; how they are kept (valtio, localStorage, Dexie) stays inside src/session.
import type { LoginRequest, Permissions, User } from '../../contract';

export interface PaymentStatus {
  hasPaymentApproval: boolean;
  hasPaymentMethod: boolean;
  skipPaymentApproval: boolean;
  originalPaymentApproval: boolean;
  checkingStatus: boolean;
  /** ISO timestamp of the last check, or null before the first. */
  lastChecked: string | null;
  error: string | null;
  /** Parsed from payment_approval_meta, or null. */
  meta: unknown;
}

export interface AuthContextValue {
  user: User | null;
  token: string | null;
  credits: number;
  /** True only when both user and token exist. */
  isAuthenticated: boolean;
  /** Set during login, logout and refresh. */
  loading: boolean;
  error: string | null;
  paymentStatus: PaymentStatus;
  /** Spec §4 "login is called with a user, a token and a credits value". */
  login: (user: User, token: string, credits?: number) => Promise<void>;
  /** Calls POST /api/login then login(); on failure sets error (thrown message or
   *  "An error occurred during login") and rethrows. */
  signIn: (credentials: LoginRequest) => Promise<void>;
  /** Calls POST /api/logout, then wipes user, token, credits, payment status, all local and
   *  session storage, the local store and every cookie. A failed call sets error ("An error
   *  occurred during logout") but still signs out locally. */
  logout: () => Promise<void>;
  /** Re-fetches GET /api/user, then re-checks payment approval. Logs and rethrows on failure. */
  refreshUser: () => Promise<User>;
  checkPaymentApproval: () => Promise<PaymentStatus>;
  setCredits: (credits: number) => void;
}

export interface PermissionsContextValue {
  permissions: Permissions | null;
  loading: boolean;
  error: unknown;
  /** Name of a permission entry, e.g. "can_create_series". */
  hasPermission: (name: string) => boolean;
  /** Limit names may be given with or without the _limit suffix ("videos" or "videos_limit"). */
  isUnlimited: (limit: string) => boolean;
  getLimit: (limit: string) => number | null;
  getDisplayText: (limit: string) => string;
  getPermissionValue: (name: string) => unknown;
  isArtStyleAllowed: (style: string) => boolean;
  refresh: () => Promise<void>;
}
