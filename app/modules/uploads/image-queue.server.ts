import { AppError } from "~/lib/app-error";

/**
 * The queue of image work (decision 0124). Decoding a 40-megapixel image takes a few
 * hundred megabytes for a moment, so at most IMAGE_SLOTS images are worked on at once in
 * a process; site uploads, progress photos and message images share the slots. The queue
 * is fair: one person holds at most SLOTS_PER_PERSON of them, so someone uploading in a
 * loop takes one slot while everyone else uses the other; their further images wait their
 * turn, and more than MAX_WAITING_PER_PERSON waiting is refused with a 429.
 */
export const IMAGE_SLOTS = 2;
export const SLOTS_PER_PERSON = 1;
export const MAX_WAITING_PER_PERSON = 2;
/** How long the refused person is asked to wait (seconds): a few images' work. */
const RETRY_AFTER = 10;

export const IMAGE_QUEUE_FULL = "Your earlier images are still being processed. Please wait for them to finish, then try again.";

interface Waiter {
  owner: string;
  start: () => void;
}

let running = 0;
let started = 0;
const runningBy = new Map<string, number>();
const waiting: Waiter[] = [];

const mayStart = (owner: string) => running < IMAGE_SLOTS && (runningBy.get(owner) ?? 0) < SLOTS_PER_PERSON;

function take(owner: string): void {
  running += 1;
  started += 1;
  runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
}

function release(owner: string): void {
  running -= 1;
  const left = (runningBy.get(owner) ?? 1) - 1;
  if (left > 0) runningBy.set(owner, left);
  else runningBy.delete(owner);
  // Each free slot goes to the longest-waiting person who is under their share.
  for (let i = 0; i < waiting.length && running < IMAGE_SLOTS; ) {
    const next = waiting[i]!;
    if (!mayStart(next.owner)) {
      i += 1;
      continue;
    }
    waiting.splice(i, 1);
    take(next.owner);
    next.start();
  }
}

/**
 * Runs `work` (one image's decoding and encoding) for `owner` (the acting user's id) when
 * a slot is free for them; refuses with a 429 (AppError) before any work when they
 * already have MAX_WAITING_PER_PERSON images waiting.
 */
export async function withImageSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
  if (mayStart(owner)) {
    take(owner);
  } else {
    if (waiting.filter((w) => w.owner === owner).length >= MAX_WAITING_PER_PERSON) throw new AppError(429, IMAGE_QUEUE_FULL, { retryAfter: RETRY_AFTER });
    await new Promise<void>((resolve) => waiting.push({ owner, start: resolve }));
  }
  try {
    return await work();
  } finally {
    release(owner);
  }
}

/** The queue's counters: images being worked on, waiting, and started since the process began (tests, diagnostics). */
export function imageQueueCounts(): { running: number; waiting: number; started: number } {
  return { running, waiting: waiting.length, started };
}
