import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { HealthResponse } from '../../../contract/http';
import type { AppContext } from '../context';

export function healthRoutes(app: FastifyInstance, { database }: AppContext): void {
  app.get('/api/health', async (): Promise<HealthResponse> => {
    // A real round trip, so a health check notices a lost database.
    await database.db.execute(sql`select 1`);
    return { status: 'ok', db: database.kind };
  });
}
