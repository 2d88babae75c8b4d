import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp, bodyOf } from './helpers';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports ok and the database kind', async () => {
    const response = await t.client.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ status: 'ok', db: usingPostgres ? 'postgres' : 'pglite' });
  });
});
