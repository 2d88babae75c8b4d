// pg-boss 10 drops every error of the statement that fetches jobs (Manager.fetch catches it and
// answers "no jobs"), so a queue whose fetch keeps failing only looks idle while its jobs wait.
// This wraps the statements pg-boss runs and reports such a failure once when a queue's fetch
// starts failing and once when it works again — not at every poll.

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface FetchErrorReport {
  failing(queue: string, error: unknown): void;
  recovered(queue: string): void;
}

/**
 * pg-boss's fetch is its only statement that locks the rows it picks with FOR UPDATE SKIP LOCKED
 * (plans.fetchNextJob); its first parameter is the queue's name.
 */
function fetchedQueue(text: string, values: unknown[] | undefined): string | null {
  return text.includes('FOR UPDATE SKIP LOCKED') && typeof values?.[0] === 'string' ? values[0] : null;
}

export function reportFetchErrors(executeSql: ExecuteSql, report: FetchErrorReport): ExecuteSql {
  const failing = new Set<string>();
  return async (text, values) => {
    const queue = fetchedQueue(text, values);
    if (queue === null) return executeSql(text, values);
    try {
      const result = await executeSql(text, values);
      if (failing.delete(queue)) report.recovered(queue);
      return result;
    } catch (error) {
      if (!failing.has(queue)) {
        failing.add(queue);
        report.failing(queue, error);
      }
      throw error;
    }
  };
}
