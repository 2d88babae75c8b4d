// GET /api/plans: the plan catalogue (docs/decisions/plans.md). Public — a signed-out visitor may
// compare plans too — and the same for everyone, so it may be cached by the browser briefly.
import type { FastifyInstance } from 'fastify';
import type { PlansResponse } from '../../../contract/plans';
import { planCatalogue } from '../../domain/plans/catalogue';

export function planRoutes(app: FastifyInstance): void {
  app.get('/api/plans', (): PlansResponse => ({ data: planCatalogue() }));
}
