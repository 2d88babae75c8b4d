// Error reports (spec §7 POST /api/create/error) go through the outbox like any change, so a
// report made offline arrives later, once. They are `silent`: not the user's work, so they never
// count as "N pending" or in the sign-out warning. A refused report (4xx) is dropped at once:
// retrying the same body cannot succeed and nobody is there to discard it.
import { appOutbox, engineStore, onOutcome } from './engine';
import { defineMutation } from './registry';

export interface ErrorLogPayload {
  /** Only for ordering/identity in the outbox: each report is its own entity. */
  id: string;
  path: string;
  message: string;
}

/** The server's limits (contract/error-logs.ts): longer values would be refused with a 422. */
export const ERROR_LOG_PATH_MAX = 2000;
export const ERROR_LOG_MESSAGE_MAX = 5000;

export const errorLogMutation = defineMutation({
  kind: 'error-log',
  schemaVersion: 1,
  silent: true,
  entityKey: (p: ErrorLogPayload) => `error-log:${p.id}`,
  toRequest: (p) => ({ method: 'POST', url: '/api/create/error', body: { path: p.path, message: p.message } }),
});

onOutcome(errorLogMutation.kind, {
  async failed(item) {
    await engineStore().outbox.delete(item.id);
  },
  describe: () => 'Error report',
});

/** Queue one error report (trimmed to the server's limits); resolves once it is stored. */
export async function enqueueErrorLog(report: { path: string; message: string }): Promise<void> {
  const path = report.path.trim().slice(0, ERROR_LOG_PATH_MAX) || '/';
  const message = report.message.trim().slice(0, ERROR_LOG_MESSAGE_MAX);
  if (!message) return;
  await appOutbox.enqueue(errorLogMutation, { id: crypto.randomUUID(), path, message });
}
