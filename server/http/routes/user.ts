// The signed-in user's own data. Everything reads the user from the bearer token, never from
// the request, so one user can never address another's rows.
import type { FastifyInstance } from 'fastify';
import { changePasswordRequest, type MessageResponse, type User } from '../../../contract/auth';
import type { PaymentApprovalResponse } from '../../../contract/payment';
import type { Permissions } from '../../../contract/permissions';
import { changePassword, toPublicUser } from '../../domain/auth/users';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';

export function userRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const { db } = database;
  // Counts guesses of the current password per user (a stolen token must not brute-force it).
  const passwordChangeLimit = rateLimited(db, [{ bucket: 'password-change:user', limit: config.rateLimits.passwordChange, key: byUser }]);

  app.get('/api/user', { preHandler: requireAuth }, (request, reply) => reply.send(toPublicUser(currentAuth(request).user) satisfies User));

  app.get('/api/user/permissions', { preHandler: requireAuth }, (request, reply) =>
    reply.send(permissionsForPlan(currentAuth(request).user.plan) satisfies Permissions),
  );

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
