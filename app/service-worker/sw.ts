/// <reference lib="webworker" />
/**
 * The member's app offline (decision 0092). Built by scripts/build-sw.js into
 * build/client/sw.js and registered from the member area only.
 * - The app shell (hashed /assets, fonts, icons) is precached: the same for everyone.
 * - The dashboard, the program's weeks and a workout (OFFLINE_PAGE), as documents and as
 *   `.data`, with their query (a workout not started yet is `?day=`, decision 0112): network first; a member's answer (it names its account) is kept in that
 *   account's cache, and without a connection the kept copy answers. Only one account's
 *   cache exists at a time: another account's answer drops the previous one first, and a
 *   signed-out answer (401) drops it too.
 * - Everything else, public pages included, goes to the network only.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { ACCOUNT_HEADER, KEPT_START_PAGES, MEMBER_CACHE_PREFIX, OFFLINE_PAGE } from "~/lib/offline-contract";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker takes over at once: the page that registered it is served offline from its first reload.
self.addEventListener("install", () => void self.skipWaiting());
// Then the dashboard (the app's start) is kept at once: the app opens without a connection from then on.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim().then(() => fromNetwork(new Request("/members", { credentials: "same-origin" })).catch(() => undefined))));

async function memberCaches(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(MEMBER_CACHE_PREFIX));
}

/** Keeps a member's page under its account; any other account's pages go first. */
async function keep(account: string, request: Request, response: Response): Promise<void> {
  const own = `${MEMBER_CACHE_PREFIX}${account}`;
  await Promise.all((await memberCaches()).filter((name) => name !== own).map((name) => caches.delete(name)));
  const cache = await caches.open(own);
  await cache.put(request, response);
  if (new URL(request.url).searchParams.has("day")) await dropOlderStartPages(cache);
}

/**
 * Pages of a workout not started yet (decision 0112): each dashboard online names a new
 * workout and keeps its page; the newest few are enough (the dashboard opens any kept
 * page of today's day, and a started workout is kept at its own address).
 */
async function dropOlderStartPages(cache: Cache): Promise<void> {
  const pages = (await cache.keys()).filter((request) => new URL(request.url).searchParams.has("day"));
  await Promise.all(pages.slice(0, -KEPT_START_PAGES).map((request) => cache.delete(request)));
}

/** The kept copy, from the one account's cache there is. */
async function keptCopy(request: Request): Promise<Response | undefined> {
  const [name] = await memberCaches();
  return name ? (await caches.open(name)).match(request, { ignoreVary: true }) : undefined;
}

async function forgetPages(): Promise<void> {
  await Promise.all((await memberCaches()).map((name) => caches.delete(name)));
}

/** A member page from the network, kept under its account; a signed-out answer forgets every kept page. */
async function fromNetwork(request: Request): Promise<Response> {
  const response = await fetch(request);
  const account = response.headers.get(ACCOUNT_HEADER);
  if (response.status === 200 && account) await keep(account, request, response.clone());
  else if (response.status === 401) await forgetPages();
  return response;
}

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === "GET" && OFFLINE_PAGE.test(url.pathname),
  async ({ request }) => {
    try {
      return await fromNetwork(request);
    } catch (error) {
      const kept = await keptCopy(request);
      if (kept) return kept;
      throw error;
    }
  },
);
