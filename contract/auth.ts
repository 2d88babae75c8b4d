// Request and response shapes of the accounts calls (spec §7), shared by the PWA and the server
// so that the two cannot drift. The server validates with these schemas at its edge; the client
// uses the inferred types.
import { z } from 'zod';

export const email = z.string().trim().toLowerCase().max(254).email('The email field must be a valid email address.');
export const password = z
  .string()
  .min(8, 'The password field must be at least 8 characters.')
  .max(200, 'The password field must not be greater than 200 characters.');
export const personName = z.string().trim().min(1, 'The name field is required.').max(120, 'The name field must not be greater than 120 characters.');

const confirmed = <T extends { password: string; password_confirmation: string }>(shape: z.ZodType<T>) =>
  shape.refine((value) => value.password === value.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });

export const registerRequest = confirmed(
  z.object({
    name: personName,
    email,
    password,
    password_confirmation: z.string().max(200),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'The password field is required.').max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const changePasswordRequest = confirmed(
  z.object({
    current_password: z.string().min(1, 'The current password field is required.').max(200),
    password,
    password_confirmation: z.string().max(200),
  }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = confirmed(
  z.object({
    token: z.string().min(1, 'The token field is required.').max(200),
    email,
    password,
    password_confirmation: z.string().max(200),
  }),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const licenseKey = z.string().trim().min(1, 'The licence code field is required.').max(100);
export const validateLicenseRequest = z.object({ license_key: licenseKey });
export type ValidateLicenseRequest = z.infer<typeof validateLicenseRequest>;

export const registerWithLicenseRequest = confirmed(
  z.object({
    name: personName,
    email,
    password,
    password_confirmation: z.string().max(200),
    license_key: licenseKey,
  }),
);
export type RegisterWithLicenseRequest = z.infer<typeof registerWithLicenseRequest>;

/** The user object as GET /api/user returns it. The client stores it whole (spec §3). */
export interface User {
  id: number;
  name: string;
  email: string;
  plan: string;
  /** The plan's human name ("Pro"), for display. */
  plan_name: string;
  credits: number;
  has_payment_approval: boolean;
  skip_payment_approval: boolean;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

/** POST /api/login, /api/register and /api/register-with-license all answer this. */
export interface AuthResponse {
  token: string;
  user: User;
  credits: number;
}

export interface ValidateLicenseResponse {
  valid: true;
  plan: { key: string; name: string };
}

export interface MessageResponse {
  message: string;
}

/**
 * POST /api/forgot-password. `mail_outbox_hint` is present only in development when no mail
 * server is configured: it says how the mail can be read (the admin CLI's outbox).
 */
export interface ForgotPasswordResponse extends MessageResponse {
  mail_outbox_hint?: string;
}
