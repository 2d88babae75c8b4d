// One attempt at one outbox row (DESIGN §4), and what its response does to the queue: 2xx removes
// the row, 401 pauses every waiting row of the signed-in user, no response / 5xx / 408 / 429 back
// off and retry (honouring Retry-After), any other status parks the row as 'failed'.
import { backoffDelay, parseRetryAfter } from './backoff';
import type { OutboxContext } from './outbox-context';
import {
  DEFAULT_SEND_TIMEOUT_MS,
  errorText,
  headerValue,
  isRecord,
  isRetryableStatus,
  responseOfError,
  serverMessage,
  withTimeout,
} from './outbox-response';
import type { DrainDeps, DrainResult, OutboxItem, OutboxResponse } from './outbox-types';

/** 'continue': go on with the next row; otherwise why the pass must stop. */
export type SendOutcome = 'continue' | 'offline' | 'rate-limited' | 'auth-required';

export async function sendOne(
  context: OutboxContext,
  item: OutboxItem,
  deps: DrainDeps,
  result: DrainResult,
  owner: string | null,
  /** Runs in the transaction that removes a delivered row (saves the pipelined drain one). */
  alsoOnDelivery: () => Promise<void> = () => Promise.resolve(),
): Promise<SendOutcome> {
  const { database, table, now, random, emit, ours } = context;
  let response: OutboxResponse | null;
  let failure: unknown = null;
  try {
    const sending = deps.send({
      id: item.id,
      method: item.method,
      url: item.url,
      body: item.body,
      headers: item.ifMatch === undefined ? { 'Idempotency-Key': item.id } : { 'Idempotency-Key': item.id, 'If-Match': item.ifMatch },
    });
    response = await withTimeout(sending, deps.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS);
    if (!isRecord(response) || typeof response.status !== 'number') response = null;
  } catch (error) {
    failure = error;
    response = responseOfError(error);
  }
  const t = now();

  if (response && response.status >= 200 && response.status < 300) {
    await database.transaction('rw', table, async () => {
      await table.delete(item.id);
      await alsoOnDelivery();
    });
    result.delivered += 1;
    emit({ type: 'delivered', item, response });
    if (deps.onDelivered) {
      try {
        await deps.onDelivered(item, response);
      } catch (error) {
        deps.onError?.(error, item);
      }
    }
    return 'continue';
  }

  if (response && response.status === 401) {
    // Pause everything still waiting (failed items keep their own state); nothing is dropped.
    await database.transaction('rw', table, async () => {
      await table.update(item.id, { status: 'auth-required', lastError: serverMessage(response) });
      await table
        .filter((row) => (row.status === 'pending' || row.status === 'sending') && row.id !== item.id && ours(row, owner))
        .modify({ status: 'auth-required' });
    });
    result.authRequired = true;
    emit({ type: 'auth-required' });
    return 'auth-required';
  }

  if (!response || isRetryableStatus(response.status)) {
    const attempts = item.attempts + 1;
    let delay = backoffDelay(attempts, random);
    if (response) {
      const retryAfter = parseRetryAfter(headerValue(response.headers, 'retry-after'), t);
      if (retryAfter !== null) delay = Math.max(delay, retryAfter);
    }
    const changes = {
      status: 'pending' as const,
      attempts,
      nextAttemptAt: t + delay,
      lastError: response ? serverMessage(response) : `Network error: ${errorText(failure)}`,
    };
    await table.update(item.id, changes);
    result.retrying += 1;
    emit({ type: 'retry-scheduled', item: { ...item, ...changes } });
    // With no connection or a rate limit, the next request would meet the same fate.
    if (!response) return 'offline';
    if (response.status === 429) return 'rate-limited';
    return 'continue';
  }

  // Any other status (4xx, or an unexpected 1xx/3xx): the server refused this change.
  const changes = { status: 'failed' as const, attempts: item.attempts + 1, lastError: serverMessage(response) };
  await table.update(item.id, changes);
  result.failed += 1;
  const failed = { ...item, ...changes };
  emit({ type: 'failed', item: failed });
  if (deps.onFailed) {
    try {
      await deps.onFailed(failed, response);
    } catch (error) {
      deps.onError?.(error, failed);
    }
  }
  return 'continue';
}
