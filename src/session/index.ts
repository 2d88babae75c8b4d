// Public surface of the session module. Screens use the hooks; the router guard uses the
// read-only accessors (no React needed).
export { AuthProvider, useAuth } from './AuthProvider';
export { PermissionsProvider, usePermissions } from './PermissionsProvider';
export type { AuthContextValue, PermissionsContextValue, PaymentStatus } from './types';
export {
  getSessionSnapshot,
  getPermissionsSnapshot,
  isAuthenticated,
  checkPermission,
  subscribeSession,
  subscribePermissions,
  sessionState,
  permissionsState,
  type SessionSnapshot,
  type PermissionsSnapshot,
} from './state';
export * as permissionRules from './permission-rules';
export type { PermissionsView } from './permission-rules';
export {
  login,
  signIn,
  logout,
  refreshUser,
  checkPaymentApproval,
  setCredits,
  refreshCredits,
  restoreSession,
  whenSessionStored,
  USER_KEY,
  CREDITS_KEY,
  TOKEN_KEY,
  PAYMENT_APPROVAL_ERROR,
  LOGIN_ERROR,
  LOGOUT_ERROR,
} from './auth-actions';
export { loadPermissions } from './permissions-actions';
export { unlockingPlan, planName, limitText, type LimitText } from './plans';
