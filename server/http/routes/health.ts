import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '../../../contract/http';
import { pingDatabase } from '../../db/client';
import type { AppContext } from '../context';

export function healthRoutes(app: FastifyInstance, { database }: AppContext): void {
  app.get('/api/health', async (): Promise<HealthResponse> => {
    await pingDatabase(database.db);
    return { status: 'ok', db: database.kind };
  });
}
