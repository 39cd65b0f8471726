/**
 * How fast one person may send messages and images (decision 0123), on the real database:
 * the 429 and its message, nothing stored and no image work when refused, per person (a
 * member, a coach across the members they answer), and one e-mail job for a burst.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { job } from "~/db/schema/jobs";
import { message } from "~/db/schema/messages";
import { AppError } from "~/lib/app-error";
import { dataPath } from "~/lib/data-dir.server";
import { imageQueueCounts } from "~/modules/uploads/image-queue.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { MESSAGE_IMAGE_LIMITS, MESSAGE_LIMITS, tooManyImages, tooManyMessages } from "./message-limits.server";
import { postMessage } from "./messages.server";

async function person(role: SessionUser["role"]): Promise<SessionUser> {
  const name = `${role} ${crypto.randomUUID().slice(0, 6)}`;
  const u = await createUserWithPassword({ name, email: `${name.replace(" ", "-")}@limits.test`, password: `${role}-password-1`, role });
  return { id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const storedOf = (memberId: string) => getDb().select({ seq: message.seq, image: message.image }).from(message).where(eq(message.memberId, memberId));
const burst = MESSAGE_LIMITS.burst.max;

describe("how fast one person may send messages", () => {
  it(`takes ${burst} messages from a member in a minute; the next is a 429 that says when to try again, and stores nothing`, async () => {
    const member = await person("member");
    for (let i = 0; i < burst; i += 1) await postMessage(member, member.id, { body: `Message ${i} `.padEnd(4000, "x") });
    const refused = await refusal(postMessage(member, member.id, { body: "One more" }));
    expect(refused).toMatchObject({ status: 429, message: tooManyMessages(60), retryAfter: expect.any(Number), fieldErrors: { body: tooManyMessages(60) } });
    expect(refused.message).toBe("You are sending messages faster than we can take them. Try again in 1 minute.");
    expect(await storedOf(member.id)).toHaveLength(burst);
    // One e-mail job for the burst (a second only if the burst crossed a minute): never one per message.
    const jobs = await getDb().select().from(job).where(like(job.key, `messages.unread-email:${member.id}:%`));
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(2);
    // Another member's messages are counted apart (a gym shares one address; the limit is per person).
    const other = await person("member");
    await postMessage(other, other.id, { body: "Hello" });
    expect(await storedOf(other.id)).toHaveLength(1);
  });

  it("counts a coach's messages across every member they answer, and leaves the members free to write", async () => {
    const coach = await person("trainer");
    const [ann, ben] = [await person("member"), await person("member")];
    for (let i = 0; i < burst; i += 1) await postMessage(coach, i % 2 === 0 ? ann.id : ben.id, { body: `Reply ${i}` });
    const refused = await refusal(postMessage(coach, ann.id, { body: "And another thing" }));
    expect(refused).toMatchObject({ status: 429, message: tooManyMessages(60) });
    expect((await storedOf(ann.id)).length + (await storedOf(ben.id)).length).toBe(burst);
    await postMessage(ann, ann.id, { body: "Thanks!" });
    expect(await storedOf(ann.id)).toHaveLength(burst / 2 + 1);
  });
});

describe("how fast one person may send images", () => {
  const tiny = async () => new File([new Uint8Array(await sharp({ create: { width: 24, height: 24, channels: 3, background: "#0f766e" } }).jpeg().toBuffer())], "form.jpg", { type: "image/jpeg" });
  const imageFolders = () => {
    const dir = dataPath("uploads", "message-images");
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  it(`takes ${MESSAGE_IMAGE_LIMITS.burst.max} images in ten minutes; the next is refused before any image work, at the image field, storing nothing`, async () => {
    const member = await person("member");
    for (let i = 0; i < MESSAGE_IMAGE_LIMITS.burst.max; i += 1) await postMessage(member, member.id, { body: "", image: await tiny() });
    const image = await tiny();
    const folders = imageFolders();
    const encodes = imageQueueCounts().started;
    const refused = await refusal(postMessage(member, member.id, { body: "Form check", image }));
    expect(refused).toMatchObject({ status: 429, message: tooManyImages(600), fieldErrors: { image: tooManyImages(600) } });
    expect(refused.message).toBe("You have sent a lot of images in a short time. Try again in 10 minutes.");
    expect(imageQueueCounts().started).toBe(encodes);
    expect(imageFolders()).toEqual(folders);
    expect(await storedOf(member.id)).toHaveLength(MESSAGE_IMAGE_LIMITS.burst.max);
    // Text still goes through: only images wait.
    await postMessage(member, member.id, { body: "I will describe it instead." });
    expect(await storedOf(member.id)).toHaveLength(MESSAGE_IMAGE_LIMITS.burst.max + 1);
  });
});
