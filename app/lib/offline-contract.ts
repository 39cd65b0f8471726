/**
 * What the member area, the service worker (app/service-worker/sw.ts) and the offline
 * queue agree on (decisions 0092, 0093). Safe in the browser, the worker and the server.
 */

/** On every member-area answer: whose page it is. The worker keeps a page only under this account, and answers from one account's copies only. */
export const ACCOUNT_HEADER = "X-Relentless-Account";

/** Cache Storage names of a member's pages: this prefix and the account's id. The app shell's precache holds nobody's data. */
export const MEMBER_CACHE_PREFIX = "relentless-member-";

/** The IndexedDB database of the set queue. */
export const QUEUE_DB = "relentless-queue";

/** The one sender of the queue at a time, across tabs (Web Locks). */
export const SEND_LOCK = "relentless-queue-send";

/**
 * Member pages kept for training offline, as documents and as `.data`: the dashboard,
 * the program's week and a workout. Every other page goes to the network only.
 */
export const OFFLINE_PAGE = /^\/members(?:\/workouts(?:\/[\w-]+)?)?(?:\.data)?$/;

/**
 * Pages of a workout not started yet (`/members/workouts/<id>?day=<day>`, decision 0112)
 * the worker keeps: the newest few. The query is part of a kept page's address.
 */
export const KEPT_START_PAGES = 3;

/** Everything a signed-out browser must not keep: a member's pages and the queue. Runs in a page. */
export async function forgetMemberData(): Promise<void> {
  if (typeof caches !== "undefined") {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(MEMBER_CACHE_PREFIX)).map((n) => caches.delete(n)));
  }
  if (typeof indexedDB !== "undefined") {
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(QUEUE_DB);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  }
}
