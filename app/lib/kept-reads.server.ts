/**
 * Reads a process keeps until their rows change (decision 0145): the session lookup of
 * every signed-in request, the settings rows every page reads, a reader's unread count.
 * How each is cleared:
 * - by the database's notice of a committed change to its rows (change-notices.server.ts),
 *   delivered to every server process: on PGlite before the writing request's own
 *   statement returns, so the person who made a change sees it at once; on PostgreSQL
 *   within milliseconds in the other processes;
 * - at the latest after `maxAgeMs`, whatever happened (a notice lost with its connection
 *   is covered by the relay's clear-all when it listens again);
 * - never kept while the process does not hear the notices (tests, scripts).
 * At most `maxEntries` are kept; the oldest go first. `keeps` says which values are worth
 * keeping (a token without a session is not: nothing would announce a session made for it).
 */
import { isHearingChanges } from "./change-notices.server";

interface Kept<V> {
  value: V;
  at: number;
}

export class KeptReads<V> {
  readonly #entries = new Map<string, Kept<V>>();
  /** Bumped by every clear: a read that started before it does not keep what it read. */
  #generation = 0;

  constructor(private readonly options: { maxAgeMs: number; maxEntries: number; keeps?: (value: V) => boolean }) {}

  /** The kept value of `key`, or `load()`'s (kept unless a change was announced while it read). */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    if (!isHearingChanges()) return load();
    const kept = this.#entries.get(key);
    const now = Date.now();
    if (kept && now - kept.at < this.options.maxAgeMs) return kept.value;
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation && isHearingChanges() && (this.options.keeps?.(value) ?? true)) this.#keep(key, { value, at: now });
    return value;
  }

  #keep(key: string, kept: Kept<V>): void {
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    if (this.#entries.size > this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets the entries `matches` picks, or every entry without it. */
  clear(matches?: (key: string, value: V) => boolean): void {
    this.#generation++;
    if (!matches) {
      this.#entries.clear();
      return;
    }
    for (const [key, kept] of this.#entries) if (matches(key, kept.value)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
