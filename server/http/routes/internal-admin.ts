// POST /internal/admin: runs an admin command for the CLI (see admin-channel.ts). Accepted only
// from a loopback address AND with the secret from DATA_DIR/admin.secret, compared in constant
// time; anything else gets a plain 404 so the endpoint does not advertise itself.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PATH, ADMIN_SECRET_HEADER } from '../../admin-channel';
import { runAdminCommand } from '../../domain/admin/commands';
import { constantTimeEqual } from '../../domain/auth/secrets';
import type { AppContext } from '../context';
import { parseBody } from '../validation';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const adminRequest = z.object({ argv: z.array(z.string().max(1000)).max(50) });

export function internalAdminRoutes(app: FastifyInstance, { database }: AppContext, secret: string): void {
  app.post(ADMIN_PATH, async (request, reply) => {
    const given = request.headers[ADMIN_SECRET_HEADER];
    const fromLoopback = LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!fromLoopback || typeof given !== 'string' || !constantTimeEqual(given, secret)) {
      return reply.code(404).send({ message: 'Not Found.' });
    }
    const { argv } = parseBody(adminRequest, request.body);
    request.log.debug({ command: argv[0] }, 'admin command');
    return { output: await runAdminCommand(database.db, argv) };
  });
}
