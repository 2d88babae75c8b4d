// One typed function per call of spec §7. Bodies the spec calls "passed through" are typed with a
// contract type where one exists, else as Record<string, unknown>; shapes the spec does not show
// are returned as `unknown`-ish records for the screens to narrow.
import type {
  ApplyLicenseRequest,
  ApplyLicenseResponse,
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  HealthResponse,
  LoginRequest,
  MessageResponse,
  PaymentApprovalResponse,
  Permissions,
  RegisterRequest,
  RegisterWithLicenseRequest,
  ResetPasswordRequest,
  User,
  ValidateLicenseRequest,
  ValidateLicenseResponse,
} from '../../contract';
import { api } from './client';
import { setStoredToken } from './token';
import { uploadRejection } from './upload';

export type Body = Record<string, unknown>;
export type Id = string | number;

/** The body of a response (the features' own calls use it too). */
export async function data<T>(request: Promise<{ data: T }>): Promise<T> {
  return (await request).data;
}

/** Drop undefined/null/empty-string query values so `?search=` is not sent for nothing. */
export function query(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** Upload progress as a fraction 0–1 (null when the browser cannot tell the total). */
export type UploadProgress = (fraction: number | null) => void;

/** POST a multipart form with upload progress; a too-large refusal rejects with the spec's
 *  "Server file size limit exceeded…" message (the features' upload calls use it too). */
export async function upload<T>(path: string, form: FormData, file: Blob, onProgress?: UploadProgress): Promise<T> {
  try {
    const onUploadProgress = onProgress ? (event: { loaded: number; total?: number }) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : null) : undefined;
    return (await api.post<T>(path, form, { rawError: true, onUploadProgress })).data;
  } catch (error) {
    throw uploadRejection(error, file);
  }
}

// --- health ----------------------------------------------------------------------------------

export const fetchHealth = () => data(api.get<HealthResponse>('/api/health'));

// --- auth ------------------------------------------------------------------------------------

export const registerUser = (body: RegisterRequest) => data(api.post<AuthResponse>('/api/register', body));
export const loginUser = (body: LoginRequest) => data(api.post<AuthResponse>('/api/login', body));
export const logoutUser = () => data(api.post<MessageResponse | '' | null>('/api/logout'));
export const fetchUser = () => data(api.get<User>('/api/user'));
export const forgotPassword = (body: ForgotPasswordRequest) => data(api.post<ForgotPasswordResponse>('/api/forgot-password', body));
export const resetPassword = (body: ResetPasswordRequest) => data(api.post<MessageResponse>('/api/reset-password', body));
export const validateLicense = (body: ValidateLicenseRequest) => data(api.post<ValidateLicenseResponse>('/validate-license', body));

/** POST /api/register-with-license; the returned token is stored (spec §4, §7). */
export async function registerWithLicense(body: RegisterWithLicenseRequest): Promise<AuthResponse> {
  const response = await data(api.post<AuthResponse>('/api/register-with-license', body));
  if (response.token) setStoredToken(response.token);
  return response;
}

// --- user, profile, permissions, brand ------------------------------------------------------

export const fetchPermissions = () => data(api.get<Permissions>('/api/user/permissions'));
/** Same call, rejecting with the raw AxiosError so the caller can tell offline from an HTTP error. */
export const fetchPermissionsRaw = () => data(api.get<Permissions>('/api/user/permissions', { rawError: true }));
/** POST /api/user/license: a signed-in user applies a licence code (docs/decisions/plans.md). */
export const applyLicense = (body: ApplyLicenseRequest) => data(api.post<ApplyLicenseResponse>('/api/user/license', body));
export const changePassword = (body: ChangePasswordRequest) => data(api.post<MessageResponse>('/api/user/change-password', body));
export const fetchProfile = () => data(api.get<Body>('/api/user/profile'));
export const updateProfile = (body: Body) => data(api.put<Body>('/api/user/profile', body));
export const fetchBrandSettings = () => data(api.get<Body>('/api/brand/settings'));
export const updateBrandSettings = (body: Body) => data(api.put<Body>('/api/brand/settings', body));

export function uploadProfileImage(file: File | Blob): Promise<Body> {
  const form = new FormData();
  form.append('image', file);
  return upload<Body>('/api/user/profile/image', form, file);
}

export function uploadBrandLogo(file: File | Blob): Promise<Body> {
  const form = new FormData();
  form.append('logo', file);
  return upload<Body>('/api/brand/logo', form, file);
}

// --- payments ------------------------------------------------------------------------------

export const fetchPaymentApproval = () => data(api.get<PaymentApprovalResponse>('/api/stripe/payment-approval'));

// --- error reports ----------------------------------------------------------------------------

export const createErrorLog = ({ path, message }: { path: string; message: string }) =>
  data(api.post<Body>('/api/create/error', { path, message }));
