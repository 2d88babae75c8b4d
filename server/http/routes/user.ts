// The signed-in user's own data. Everything reads the user from the bearer token, never from
// the request, so one user can never address another's rows.
import type { FastifyInstance } from 'fastify';
import { changePasswordRequest, type MessageResponse, type User } from '../../../contract/auth';
import type { PaymentApprovalResponse } from '../../../contract/payment';
import type { Permissions } from '../../../contract/permissions';
import { applyLicenseRequest, type ApplyLicenseResponse, type UsageResponse } from '../../../contract/plans';
import { changePassword, findUserById, toPublicUser } from '../../domain/auth/users';
import { applyLicenseToUser } from '../../domain/licenses/licenses';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { startingCreditsFor } from '../../domain/plans/plans';
import { usageOf } from '../../domain/plans/usage';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { byAddress, byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';

export function userRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const { db } = database;
  // Counts guesses of the current password per user (a stolen token must not brute-force it).
  const passwordChangeLimit = rateLimited(db, [{ bucket: 'password-change:user', limit: config.rateLimits.passwordChange, key: byUser }]);
  // Licence codes are guessed like passwords: counted per user and per address, as on /validate-license.
  const licenseLimit = rateLimited(db, [
    { bucket: 'license:user', limit: config.rateLimits.license, key: byUser },
    { bucket: 'license:address', limit: config.rateLimits.license, key: byAddress },
  ]);

  app.get('/api/user', { preHandler: requireAuth }, (request, reply) => reply.send(toPublicUser(currentAuth(request).user) satisfies User));

  app.get('/api/user/permissions', { preHandler: requireAuth }, (request, reply) =>
    reply.send(permissionsForPlan(currentAuth(request).user.plan) satisfies Permissions),
  );

  app.get('/api/user/usage', { preHandler: requireAuth }, async (request): Promise<UsageResponse> => ({
    data: await usageOf(db, currentAuth(request).user.id),
  }));

  // A signed-in user upgrades with a licence code (docs/decisions/plans.md). Rate limited like the
  // other code guesses; the answer carries the new user and permissions so the client can refresh
  // without another round trip.
  app.post('/api/user/license', { preHandler: [requireAuth, licenseLimit] }, async (request): Promise<ApplyLicenseResponse> => {
    const input = parseBody(applyLicenseRequest, request.body);
    const userId = currentAuth(request).user.id;
    const applied = await applyLicenseToUser(db, userId, input.license_key, (plan) => startingCreditsFor(config, plan));
    const user = await findUserById(db, userId);
    if (!user) throw new Error('authenticated user not found');
    return {
      message: applied.alreadyApplied ? `This licence is already applied: you are on the ${applied.plan.name} plan.` : `Licence applied: you are now on the ${applied.plan.name} plan.`,
      already_applied: applied.alreadyApplied,
      user: toPublicUser(user),
      credits: user.credits,
      permissions: permissionsForPlan(user.plan),
    };
  });

  app.post('/api/user/change-password', { preHandler: [requireAuth, passwordChangeLimit] }, async (request): Promise<MessageResponse> => {
    const input = parseBody(changePasswordRequest, request.body);
    const { user, tokenId } = currentAuth(request);
    await changePassword(db, user.id, tokenId, input.current_password, input.password);
    return { message: 'Your password has been changed.' };
  });

  // No payment provider yet: the stored flags are the truth, and "original" equals the stored one.
  app.get('/api/stripe/payment-approval', { preHandler: requireAuth }, (request, reply) => {
    const { user } = currentAuth(request);
    const body: PaymentApprovalResponse = {
      success: true,
      has_payment_approval: user.hasPaymentApproval,
      has_payment_method: user.hasPaymentMethod,
      skip_payment_approval: user.skipPaymentApproval,
      original_payment_approval: user.hasPaymentApproval,
      payment_approval_meta: user.paymentApprovalMeta,
    };
    return reply.send(body);
  });
}
