import { AppError } from "~/lib/app-error";
import { consumeLimit, tryAgainIn, type Limit } from "~/lib/rate-limit.server";

/**
 * How fast one person may send messages (decision 0123), counted per author in the
 * database so every server process shares the count: a member's messages, and a trainer's
 * or administrator's across all the conversations they answer. A burst and a sustained
 * rate that a real conversation never meets; images have their own, lower, pair.
 */
export const MESSAGE_LIMITS = {
  burst: { window: 60, max: 20 },
  sustained: { window: 60 * 60, max: 200 },
} satisfies Record<string, Limit>;

export const MESSAGE_IMAGE_LIMITS = {
  burst: { window: 10 * 60, max: 10 },
  sustained: { window: 24 * 60 * 60, max: 40 },
} satisfies Record<string, Limit>;

export const tooManyMessages = (retryAfter: number) => `You are sending messages faster than we can take them. ${tryAgainIn(retryAfter)}`;
export const tooManyImages = (retryAfter: number) => `You have sent a lot of images in a short time. ${tryAgainIn(retryAfter)}`;

/** Counts the burst window first: a refused burst does not use up the sustained allowance. */
async function consume(key: string, limits: { burst: Limit; sustained: Limit }): Promise<number | null> {
  const burst = await consumeLimit(`${key}:burst`, limits.burst);
  if (!burst.allowed) return burst.retryAfter;
  const sustained = await consumeLimit(`${key}:sustained`, limits.sustained);
  return sustained.allowed ? null : sustained.retryAfter;
}

/**
 * Counts one message by `authorId` (and its image, when it has one) before anything is
 * stored or any image work is done; over a limit, a 429 AppError that says when to try again.
 */
export async function consumeMessageAllowance(authorId: string, withImage: boolean): Promise<void> {
  const wait = await consume(`messages:${authorId}`, MESSAGE_LIMITS);
  if (wait !== null) throw new AppError(429, tooManyMessages(wait), { retryAfter: wait, fieldErrors: { body: tooManyMessages(wait) } });
  if (!withImage) return;
  const imageWait = await consume(`message-images:${authorId}`, MESSAGE_IMAGE_LIMITS);
  if (imageWait !== null) throw new AppError(429, tooManyImages(imageWait), { retryAfter: imageWait, fieldErrors: { image: tooManyImages(imageWait) } });
}
