// @test-database none
/**
 * The image queue's fairness: one person holds one of the two slots, their further images
 * wait their turn, a third waiting one is refused before its work, and someone else's
 * image starts at once on the other slot. The work is a promise the test settles.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { IMAGE_QUEUE_FULL, imageQueueCounts, MAX_WAITING_PER_PERSON, withImageSlot } from "./image-queue.server";

/** A piece of image work that runs until the test finishes it; `began` tells whether it started. */
function heldWork() {
  let finish = () => {};
  const state = { began: false };
  const work = () =>
    new Promise<void>((resolve) => {
      state.began = true;
      finish = resolve;
    });
  return { state, work, finish: () => finish() };
}

/** Lets queued promise callbacks run (the queue hands a slot over in a callback). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the image queue", () => {
  it("gives one person one slot, so another person's image starts at once while theirs wait their turn", async () => {
    const before = imageQueueCounts();
    const loop = Array.from({ length: 1 + MAX_WAITING_PER_PERSON }, heldWork);
    const looping = loop.map((w) => withImageSlot("looping-member", w.work));
    await settle();
    expect(loop.map((w) => w.state.began)).toEqual([true, false, false]);

    const other = heldWork();
    const otherDone = withImageSlot("other-member", other.work);
    await settle();
    expect(other.state.began).toBe(true);
    expect(imageQueueCounts()).toMatchObject({ running: 2, waiting: 2, started: before.started + 2 });

    // The looping member's next image is refused before any work: a 429 that says why.
    const refused = await withImageSlot("looping-member", () => Promise.reject(new Error("must not run"))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: IMAGE_QUEUE_FULL });
    expect(imageQueueCounts().started).toBe(before.started + 2);

    // Their images go one after another, never two at once.
    loop[0]!.finish();
    await settle();
    expect(loop.map((w) => w.state.began)).toEqual([true, true, false]);
    expect(imageQueueCounts()).toMatchObject({ running: 2, waiting: 1 });
    other.finish();
    await settle();
    expect(loop[2]!.state.began).toBe(false);
    loop[1]!.finish();
    await settle();
    expect(loop[2]!.state.began).toBe(true);
    loop[2]!.finish();
    await Promise.all([...looping, otherDone]);
    expect(imageQueueCounts()).toMatchObject({ running: 0, waiting: 0, started: before.started + 4 });
  });

  it("hands a freed slot to someone waiting ahead of a newcomer, and frees the slot of work that failed", async () => {
    const a = heldWork();
    const b = heldWork();
    const aDone = withImageSlot("member-a", a.work);
    const bDone = withImageSlot("member-b", b.work);
    const c = heldWork();
    const cDone = withImageSlot("member-c", c.work);
    await settle();
    expect(c.state.began).toBe(false);
    const failed = withImageSlot("member-a", () => Promise.reject(new Error("unreadable")));
    a.finish();
    await aDone;
    await settle();
    // member-c waited longest: the slot is theirs, member-a's next image waits.
    expect(c.state.began).toBe(true);
    b.finish();
    await expect(failed).rejects.toThrow("unreadable");
    c.finish();
    await Promise.all([bDone, cDone]);
    expect(imageQueueCounts()).toMatchObject({ running: 0, waiting: 0 });
  });
});
