// Sign-up, sign-in, sign-out and the forgotten-password flow (spec §7, Laravel shapes).
import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  registerWithLicenseRequest,
  resetPasswordRequest,
  validateLicenseRequest,
  type AuthResponse,
  type ForgotPasswordResponse,
  type MessageResponse,
  type ValidateLicenseResponse,
} from '../../../contract/auth';
import { RESET_DONE, RESET_LINK_SENT, resetPassword } from '../../domain/auth/password-reset';
import { revokeToken } from '../../domain/auth/tokens';
import { createAccount, signIn, toPublicUser, type SignedIn } from '../../domain/auth/users';
import { validateLicense } from '../../domain/licenses/licenses';
import { DEFAULT_PLAN, startingCreditsFor } from '../../domain/plans/plans';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { PASSWORD_RESET_MAIL_QUEUE } from '../../jobs/password-reset-mail';
import { byAddress, rateLimited, submittedEmail, type RateLimitRule } from '../rate-limits';
import { parseBody } from '../validation';

const authResponse = ({ token, user }: SignedIn): AuthResponse => ({ token, user: toPublicUser(user), credits: user.credits });

/** Shown by the forgot-password screen in development when mail only reaches the outbox. */
export const MAIL_OUTBOX_HINT =
  'Development: no mail server is configured (SMTP_URL), so mails are kept in an outbox. Read them with: npm run admin -- mail-outbox';

export function authRoutes(app: FastifyInstance, { config, database, mailer, jobs }: AppContext): void {
  const { db } = database;
  const limits = config.rateLimits;
  // Credential routes count per submitted email (any address) and per address (any email).
  const credentialRules = (route: string): RateLimitRule[] => [
    { bucket: `${route}:account`, limit: limits.credentialsPerAccount, key: submittedEmail },
    { bucket: `${route}:address`, limit: limits.credentialsPerAddress, key: byAddress },
  ];
  const registerRule: RateLimitRule = { bucket: 'register:address', limit: limits.register, key: byAddress };
  const licenseRule: RateLimitRule = { bucket: 'license:address', limit: limits.license, key: byAddress };
  const showOutboxHint = mailer.transport === 'outbox' && !config.production;

  app.post('/api/register', { preHandler: rateLimited(db, [registerRule]) }, async (request, reply) => {
    const input = parseBody(registerRequest, request.body);
    const signedIn = await createAccount(db, input, { plan: DEFAULT_PLAN, startingCredits: startingCreditsFor(config, DEFAULT_PLAN) });
    return reply.code(201).send(authResponse(signedIn));
  });

  app.post('/api/login', { preHandler: rateLimited(db, credentialRules('login')) }, async (request) => {
    const input = parseBody(loginRequest, request.body);
    return authResponse(await signIn(db, input.email, input.password));
  });

  app.post('/api/logout', { preHandler: requireAuth }, async (request): Promise<MessageResponse> => {
    const { tokenId, user } = currentAuth(request);
    await revokeToken(db, user.id, tokenId);
    return { message: 'You have been logged out.' };
  });

  app.post('/api/forgot-password', { preHandler: rateLimited(db, credentialRules('forgot-password')) }, async (request): Promise<ForgotPasswordResponse> => {
    const input = parseBody(forgotPasswordRequest, request.body);
    // Only a job is queued, whether or not the account exists: same work, same time, and a
    // failing mail server cannot turn into an answer only existing accounts get.
    await jobs.send(PASSWORD_RESET_MAIL_QUEUE, { email: input.email });
    return { message: RESET_LINK_SENT, ...(showOutboxHint ? { mail_outbox_hint: MAIL_OUTBOX_HINT } : {}) };
  });

  app.post('/api/reset-password', { preHandler: rateLimited(db, credentialRules('reset-password')) }, async (request): Promise<MessageResponse> => {
    const input = parseBody(resetPasswordRequest, request.body);
    await resetPassword(db, input.email, input.token, input.password);
    return { message: RESET_DONE };
  });

  app.post('/validate-license', { preHandler: rateLimited(db, [licenseRule]) }, async (request): Promise<ValidateLicenseResponse> => {
    const input = parseBody(validateLicenseRequest, request.body);
    const plan = await validateLicense(db, input.license_key);
    return { valid: true, plan: { key: plan.key, name: plan.name } };
  });

  app.post('/api/register-with-license', { preHandler: rateLimited(db, [licenseRule, registerRule]) }, async (request, reply) => {
    const input = parseBody(registerWithLicenseRequest, request.body);
    // Fail fast with the licence error before hashing; the transaction re-checks atomically.
    const plan = await validateLicense(db, input.license_key);
    const signedIn = await createAccount(db, input, {
      plan: plan.key,
      startingCredits: startingCreditsFor(config, plan.key),
      licenseKey: input.license_key,
    });
    return reply.code(201).send(authResponse(signedIn));
  });
}
