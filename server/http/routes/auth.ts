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
  type MessageResponse,
  type ValidateLicenseResponse,
} from '../../../contract/auth';
import { startingCreditsFor } from '../../config';
import { requestPasswordReset, RESET_DONE, RESET_LINK_SENT, resetPassword } from '../../domain/auth/password-reset';
import { revokeToken } from '../../domain/auth/tokens';
import { createAccount, signIn, toPublicUser, type SignedIn } from '../../domain/auth/users';
import { validateLicense } from '../../domain/licenses/licenses';
import { DEFAULT_PLAN } from '../../domain/plans/plans';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { credentialRateLimit } from '../rate-limits';
import { parseBody } from '../validation';

const authResponse = ({ token, user }: SignedIn): AuthResponse => ({ token, user: toPublicUser(user), credits: user.credits });

export function authRoutes(app: FastifyInstance, { config, database, mailer }: AppContext): void {
  const { db } = database;

  app.post('/api/register', async (request, reply) => {
    const input = parseBody(registerRequest, request.body);
    const signedIn = await createAccount(db, input, { plan: DEFAULT_PLAN, startingCredits: startingCreditsFor(config, DEFAULT_PLAN) });
    return reply.code(201).send(authResponse(signedIn));
  });

  app.post('/api/login', { config: { rateLimit: credentialRateLimit(config, 'login') } }, async (request) => {
    const input = parseBody(loginRequest, request.body);
    return authResponse(await signIn(db, input.email, input.password));
  });

  app.post('/api/logout', { preHandler: requireAuth }, async (request): Promise<MessageResponse> => {
    const { tokenId, user } = currentAuth(request);
    await revokeToken(db, user.id, tokenId);
    return { message: 'You have been logged out.' };
  });

  app.post('/api/forgot-password', { config: { rateLimit: credentialRateLimit(config, 'forgot-password') } }, async (request): Promise<MessageResponse> => {
    const input = parseBody(forgotPasswordRequest, request.body);
    try {
      await requestPasswordReset(db, mailer, config.appUrl, input.email);
    } catch (error) {
      // A failing mail server must not turn into a 500 that only existing accounts get (that
      // would reveal which emails are registered); the operator sees it in the log.
      request.log.error({ err: error }, 'password reset mail failed');
    }
    return { message: RESET_LINK_SENT };
  });

  app.post('/api/reset-password', { config: { rateLimit: credentialRateLimit(config, 'reset-password') } }, async (request): Promise<MessageResponse> => {
    const input = parseBody(resetPasswordRequest, request.body);
    await resetPassword(db, input.email, input.token, input.password);
    return { message: RESET_DONE };
  });

  app.post('/validate-license', async (request): Promise<ValidateLicenseResponse> => {
    const input = parseBody(validateLicenseRequest, request.body);
    const plan = await validateLicense(db, input.license_key);
    return { valid: true, plan: { key: plan.key, name: plan.name } };
  });

  app.post('/api/register-with-license', async (request, reply) => {
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
