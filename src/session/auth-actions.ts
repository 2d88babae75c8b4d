// The session state machine of spec §4, without React: restore from localStorage, login,
// sign-in, logout, refresh, payment approval, and the reactions to 401 and to tokens stored by
// the HTTP layer. The providers only expose these.
import { snapshot } from 'valtio/vanilla';
import type { LoginRequest, PaymentApprovalResponse, User } from '../../contract';
// The HTTP layer's light parts are imported directly; its client (axios) and endpoints are loaded
// on the first call (httpLayer below), so a signed-out page paints without them.
import { expireAllCookies } from '../api/cookies';
import { errorMessage } from '../api/errors';
import { onTokenChange, onUnauthenticated } from '../api/events';
import { TOKEN_KEY } from '../api/token';
// The local store (Dexie) is imported on first use, so pages of signed-out visitors (sign-in,
// register) do not download it; storage-state is tiny and Dexie-free.
import { requestPersistentStorage } from '../store/storage-state';
import { afterFirstScreen } from '../ui/first-screen';
import { initialPaymentStatus, isAuthenticated, permissionsState, sessionState } from './state';
import type { PaymentStatus } from './types';

export const USER_KEY = 'user';
export const CREDITS_KEY = 'credits';
export { TOKEN_KEY };

export const PAYMENT_APPROVAL_ERROR = 'Failed to get payment approval status';
export const LOGIN_ERROR = 'An error occurred during login';
export const LOGOUT_ERROR = 'An error occurred during logout';

/** The API endpoints (and axios with them), loaded on first use; the browser caches the chunk. */
const httpLayer = () => import('../api/endpoints');

// --- localStorage (spec §3: keys user, token, credits; removed when empty or null) ----------

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readStoredUser(): User | null {
  const raw = local()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as User;
  } catch {
    // fall through: an unreadable value is dropped
  }
  local()?.removeItem(USER_KEY);
  return null;
}

function readStoredCredits(): number {
  const raw = local()?.getItem(CREDITS_KEY);
  const value = raw === null || raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : 0;
}

function plain<T>(value: T): T {
  return value === null || value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function writeUser(user: User | null): void {
  sessionState.user = user ? plain(user) : null;
  if (user) local()?.setItem(USER_KEY, JSON.stringify(user));
  else local()?.removeItem(USER_KEY);
}

/** Written straight to localStorage (not through setStoredToken) so no token event echoes back. */
function writeToken(token: string | null): void {
  sessionState.token = token || null;
  if (token) local()?.setItem(TOKEN_KEY, token);
  else local()?.removeItem(TOKEN_KEY);
}

function writeCredits(credits: number | null | undefined): void {
  const value = typeof credits === 'number' && Number.isFinite(credits) ? credits : null;
  sessionState.credits = value ?? 0;
  if (value === null) local()?.removeItem(CREDITS_KEY);
  else local()?.setItem(CREDITS_KEY, String(value));
}

// --- Dexie mirror (token for the service worker, user and credits for offline start) -------

let storeQueue: Promise<void> = Promise.resolve();

function enqueueStore(task: () => Promise<void>, what: string): Promise<void> {
  storeQueue = storeQueue.then(task).catch((error: unknown) => {
    console.warn(`Local store: ${what} failed:`, error);
  });
  return storeQueue;
}

function mirrorSession(): Promise<void> {
  const snap = snapshot(sessionState);
  const values = { token: snap.token, user: plain(snap.user), credits: snap.user || snap.token ? snap.credits : null };
  return enqueueStore(() => import('../store').then(({ sessionRepo }) => sessionRepo.save(values)), 'mirroring the session');
}

/** Resolves when every pending write of the session to the local store has finished. */
export function whenSessionStored(): Promise<void> {
  return storeQueue;
}

// --- payment approval (spec §4, §8) ---------------------------------------------------------

/** Bumped whenever the signed-in identity changes (or ends) so late answers are dropped. */
let generation = 0;
let inFlight: Promise<PaymentStatus> | null = null;
let identityKey: string | null = null;

function parseMeta(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function statusFrom(response: PaymentApprovalResponse): PaymentStatus {
  return {
    hasPaymentApproval: Boolean(response.has_payment_approval),
    hasPaymentMethod: Boolean(response.has_payment_method),
    skipPaymentApproval: Boolean(response.skip_payment_approval),
    originalPaymentApproval: Boolean(response.original_payment_approval),
    checkingStatus: false,
    lastChecked: new Date().toISOString(),
    error: null,
    meta: parseMeta(response.payment_approval_meta),
  };
}

async function runPaymentCheck(forGeneration: number): Promise<PaymentStatus> {
  try {
    const response = await (await httpLayer()).fetchPaymentApproval();
    if (!response || typeof response !== 'object' || !response.success) throw new Error(PAYMENT_APPROVAL_ERROR);
    const status = statusFrom(response);
    if (forGeneration === generation) {
      sessionState.paymentStatus = status;
      const user = sessionState.user;
      if (user && user.has_payment_approval !== status.hasPaymentApproval) {
        writeUser({ ...plain(user), has_payment_approval: status.hasPaymentApproval, skip_payment_approval: status.skipPaymentApproval });
        void mirrorSession();
      }
    }
    return status;
  } catch (error) {
    if (forGeneration === generation) {
      sessionState.paymentStatus = {
        ...initialPaymentStatus(),
        lastChecked: new Date().toISOString(),
        error: errorMessage(error, PAYMENT_APPROVAL_ERROR),
      };
    }
    throw error;
  }
}

/** GET /api/stripe/payment-approval and update the payment status (and the stored user's
 *  approval flags when they differ). Concurrent calls share one request. Rethrows failures. */
export function checkPaymentApproval(): Promise<PaymentStatus> {
  if (inFlight) return inFlight;
  sessionState.paymentStatus.checkingStatus = true;
  const promise = runPaymentCheck(generation);
  inFlight = promise;
  promise.then(
    () => {
      if (inFlight === promise) inFlight = null;
    },
    () => {
      if (inFlight === promise) inFlight = null;
    },
  );
  return promise;
}

/** Background check: never blocks, a failure only warns (spec §4). */
function checkInBackground(): void {
  checkPaymentApproval().catch((error: unknown) => {
    console.warn('Payment approval check failed:', error);
  });
}

function currentIdentity(): string | null {
  const user = sessionState.user;
  if (!user || !sessionState.token || !isAuthenticated()) return null;
  // The approval flags are excluded: updating them after a check is not a new identity.
  const { has_payment_approval: _approval, skip_payment_approval: _skip, ...rest } = plain(user);
  return `${sessionState.token}|${JSON.stringify(rest)}`;
}

/** Spec §4: "while signed in, the approval is re-checked whenever the user or token changes". */
function afterIdentityChange(): void {
  const key = currentIdentity();
  if (key === identityKey) return;
  identityKey = key;
  generation += 1;
  inFlight = null;
  if (key !== null) checkInBackground();
}

// --- actions ---------------------------------------------------------------------------------

/** (Re)read the session from localStorage; run on start. Resets transient flags. */
export function restoreSession(): void {
  generation += 1;
  inFlight = null;
  sessionState.user = readStoredUser();
  sessionState.token = local()?.getItem(TOKEN_KEY) || null;
  sessionState.credits = readStoredCredits();
  sessionState.loading = false;
  sessionState.error = null;
  sessionState.paymentStatus = initialPaymentStatus();
  identityKey = currentIdentity();
}

/** Called once the app shell mounts: storage persistence and the start-up approval check. */
export function startSession(): void {
  requestPersistentStorage();
  if (isAuthenticated()) {
    // The service worker reads the token from the local store. Already there since sign-in, so
    // this refresh waits for the first screen: Dexie would otherwise download alongside the
    // permissions request that screen waits for (Lighthouse LCP on `/`).
    afterFirstScreen(() => void mirrorSession());
    // The start-up re-check too: it needs the HTTP client (axios), whose chunk would otherwise
    // share the slow link with the chunks and the permissions the first screen waits for. A sign-in
    // checks at once (login). Not when the session has ended meanwhile: a check then would only
    // record a failure on the signed-out state.
    afterFirstScreen(() => {
      if (isAuthenticated()) checkInBackground();
    });
  }
}

export async function login(user: User, token: string, credits?: number): Promise<void> {
  sessionState.loading = true;
  sessionState.error = null;
  try {
    writeUser(user);
    writeToken(token);
    writeCredits(credits ?? (typeof user.credits === 'number' ? user.credits : 0));
    await mirrorSession();
  } finally {
    sessionState.loading = false;
  }
  afterIdentityChange();
  checkInBackground(); // shares the request started above, if any
}

export async function signIn(credentials: LoginRequest): Promise<void> {
  sessionState.loading = true;
  sessionState.error = null;
  try {
    const http = await httpLayer();
    const response = await http.loginUser(credentials);
    let user: User | undefined = response.user;
    if (!user) {
      // A backend that answers only {token} (spec §3 "Login response: token").
      local()?.setItem(TOKEN_KEY, response.token);
      user = await http.fetchUser();
    }
    await login(user, response.token, response.credits);
  } catch (error) {
    sessionState.error = errorMessage(error, LOGIN_ERROR);
    throw error;
  } finally {
    sessionState.loading = false;
  }
}

/** Forget the session on this device: state, storage, cookies, the local store. */
async function clearLocally(): Promise<void> {
  generation += 1;
  inFlight = null;
  identityKey = null;
  sessionState.user = null;
  sessionState.token = null;
  sessionState.credits = 0;
  sessionState.paymentStatus = initialPaymentStatus();
  permissionsState.permissions = null;
  permissionsState.error = null;
  permissionsState.loading = false;
  permissionsState.forKey = null;
  permissionsState.heldFor = null;
  try {
    local()?.clear();
  } catch (error) {
    console.warn('Could not clear localStorage:', error);
  }
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  } catch (error) {
    console.warn('Could not clear sessionStorage:', error);
  }
  expireAllCookies();
  // The client is loaded already (logout called the API just before).
  await import('../api/client').then(({ resetCsrfState }) => resetCsrfState(), () => undefined);
  await enqueueStore(() => import('../store').then(({ clearLocalStore }) => clearLocalStore()), 'clearing the local store');
}

export async function logout(): Promise<void> {
  sessionState.loading = true;
  sessionState.error = null;
  let failure: string | null = null;
  try {
    await (await httpLayer()).logoutUser();
  } catch (error) {
    failure = errorMessage(error, LOGOUT_ERROR);
  }
  try {
    await clearLocally();
  } finally {
    sessionState.error = failure;
    sessionState.loading = false;
  }
}

export async function refreshUser(): Promise<User> {
  sessionState.loading = true;
  try {
    const user = await (await httpLayer()).fetchUser();
    writeUser(user);
    if (typeof user.credits === 'number') writeCredits(user.credits);
    void mirrorSession();
    afterIdentityChange();
    await checkPaymentApproval();
    return user;
  } catch (error) {
    console.error('Failed to refresh user:', error);
    throw error;
  } finally {
    sessionState.loading = false;
  }
}

export function setCredits(credits: number): void {
  writeCredits(credits);
  void mirrorSession();
}

let creditsRefresh: Promise<void> | null = null;
let creditsAgain = false;

/**
 * Re-read the balance (GET /api/user) after the server charged or refunded credits on its own
 * time: a video created, restarted, refunded or settled (the sync runtime watches for those). Only
 * the balance is taken: the rest of the user (its updated_at moves with every charge) would make
 * the permissions and payment approval look changed. A call while one runs asks for one more run
 * after it, so the balance shown is never older than the last call. Rejects when the request fails.
 */
export function refreshCredits(): Promise<void> {
  if (creditsRefresh) {
    creditsAgain = true;
    return creditsRefresh;
  }
  const run = async () => {
    try {
      do {
        creditsAgain = false;
        const forGeneration = generation;
        const user = await (await httpLayer()).fetchUser();
        // Signed out, or someone else signed in, meanwhile: not this session's balance.
        const sameUser = forGeneration === generation && isAuthenticated() && String(user.id) === String(sessionState.user?.id);
        if (sameUser && typeof user.credits === 'number') setCredits(user.credits);
      } while (creditsAgain);
    } finally {
      // In the same step as the last check above: a call from now on starts a new run.
      creditsRefresh = null;
    }
  };
  creditsRefresh = run();
  return creditsRefresh;
}

// --- reactions to the HTTP layer -------------------------------------------------------------

function onTokenFromApi(token: string | null): void {
  if ((sessionState.token ?? null) === (token || null)) return;
  sessionState.token = token || null;
  // A token the HTTP layer stored itself comes from a new registration (licence): whatever user
  // is still on record (e.g. left by a 401) is not its owner. The page calls login() next with
  // the registered user; until then we are not authenticated, so nothing runs for the wrong user.
  if (token) writeUser(null);
  void mirrorSession();
  afterIdentityChange();
}

function onUnauthenticatedFromApi(): void {
  // The HTTP layer already removed localStorage `token` (spec §8: remove the token on 401).
  writeToken(null);
  void mirrorSession();
  afterIdentityChange();
}

let subscribed = false;
/** Subscribe the session to the HTTP layer's events (idempotent; done on import). */
export function connectSessionToApi(): void {
  if (subscribed) return;
  subscribed = true;
  onTokenChange(onTokenFromApi);
  onUnauthenticated(onUnauthenticatedFromApi);
}

connectSessionToApi();
restoreSession();
