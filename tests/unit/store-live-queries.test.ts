// A screen that watches a query again (the posts list when its tab opens, any screen after
// sign-out and sign-in) sees exactly what the store holds: rows deleted while nobody watched the
// query, inside a transaction (a pull's replacement, the clear at sign-out), stay gone.
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { toLocalPost } from '../../src/features/publishing/data';
import { postsNewestFirst } from '../../src/features/publishing/data/queries';
import { clearLocalStore, db } from '../../src/store';
import { serverPost } from './helpers/publishing';

/** What a screen mounting now would first show: the query's first live result. */
function watchOnce(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(postsNewestFirst).subscribe({
      next: (rows) => {
        resolve(rows.map((row) => row.id).sort());
        setTimeout(() => subscription.unsubscribe(), 0);
      },
      error: reject,
    });
  });
}

const nobodyWatching = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => clearLocalStore());

describe('live queries watched again', () => {
  const deletions: Array<[string, () => Promise<unknown>]> = [
    ['the clear at sign-out', () => clearLocalStore()],
    ['a delete inside a transaction', () => db.transaction('rw', db.posts, () => db.posts.delete('gone'))],
    ['a bulk delete inside a transaction', () => db.transaction('rw', db.posts, () => db.posts.bulkDelete(['gone']))],
  ];
  for (const [what, remove] of deletions) {
    it(`do not bring back a row removed by ${what} while nobody watched`, async () => {
      expect(await watchOnce()).toEqual([]);
      await nobodyWatching();
      await db.posts.put(toLocalPost(serverPost('gone', { status: 'draft' })));
      await remove();
      await db.posts.bulkPut([toLocalPost(serverPost('p1', {})), toLocalPost(serverPost('p2', {}))]);
      expect(await watchOnce()).toEqual(['p1', 'p2']);
    });
  }
});
