import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { signInThrottle } from "~/db/schema/limits";
import {
  checkSignInAllowed,
  recordSignInFailure,
  recordSignInSuccess,
  throttleMessage,
  type SignInAttempt,
  type SignInVerdict,
} from "./sign-in-throttle.server";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;
let counter = 0;
/** A fresh address per test: 203.0.113.x. */
const nextAddress = () => `203.0.113.${(counter += 1)}`;

/** One attempt with a wrong secret, as the sign-in does it: check, then record the failure if allowed. */
async function fail(attempt: SignInAttempt, now: number): Promise<SignInVerdict> {
  const verdict = await checkSignInAllowed(attempt, now);
  if (verdict.allowed) await recordSignInFailure(attempt, now);
  return verdict;
}

async function failTimes(attempt: SignInAttempt, times: number, now: number): Promise<SignInVerdict[]> {
  const out: SignInVerdict[] = [];
  for (let i = 0; i < times; i += 1) out.push(await fail(attempt, now));
  return out;
}

async function succeed(attempt: SignInAttempt, now: number): Promise<SignInVerdict> {
  const verdict = await checkSignInAllowed(attempt, now);
  if (verdict.allowed) await recordSignInSuccess(attempt);
  return verdict;
}

const allowed = (verdicts: SignInVerdict[]) => verdicts.map((v) => v.allowed);

describe("throttleMessage", () => {
  it("says how long to wait in minutes, rounded up, singular for one", () => {
    expect(throttleMessage(720)).toBe("Too many attempts. Try again in 12 minutes.");
    expect(throttleMessage(661)).toBe("Too many attempts. Try again in 12 minutes.");
    expect(throttleMessage(60)).toBe("Too many attempts. Try again in 1 minute.");
    expect(throttleMessage(1)).toBe("Too many attempts. Try again in 1 minute.");
  });
});

describe("an account under attack", () => {
  it("six wrong passwords pause the account for 15 minutes, from every address", async () => {
    const attempt = { account: "target@throttle.test", address: nextAddress() };
    expect(allowed(await failTimes(attempt, 6, T0))).toEqual([true, true, true, true, true, true]);
    expect(await checkSignInAllowed(attempt, T0 + 1000)).toEqual({ allowed: false, retryAfter: 899 });
    expect(await checkSignInAllowed({ ...attempt, address: nextAddress() }, T0 + 3 * MINUTE)).toEqual({ allowed: false, retryAfter: 720 });
    // The pause ends on time.
    expect((await checkSignInAllowed(attempt, T0 + 15 * MINUTE)).allowed).toBe(true);
  });

  it("counts the e-mail as typed, normalised, whether or not an account has it", async () => {
    const address = nextAddress();
    await failTimes({ account: "Nobody@Throttle.test", address }, 3, T0);
    await failTimes({ account: "  nobody@throttle.TEST ", address }, 3, T0);
    expect((await checkSignInAllowed({ account: "nobody@throttle.test", address: nextAddress() }, T0)).allowed).toBe(false);
  });

  it("refused attempts change nothing: the pause is not extended by more tries", async () => {
    const attempt = { account: "patient@throttle.test", address: nextAddress() };
    await failTimes(attempt, 6, T0);
    expect(await failTimes(attempt, 10, T0 + 14 * MINUTE)).toEqual(Array(10).fill({ allowed: false, retryAfter: 60 }));
    expect((await checkSignInAllowed(attempt, T0 + 15 * MINUTE)).allowed).toBe(true);
  });

  it("failures older than the 15-minute window are forgotten", async () => {
    const attempt = { account: "slow@throttle.test", address: nextAddress() };
    await failTimes(attempt, 5, T0);
    expect(allowed(await failTimes(attempt, 5, T0 + 15 * MINUTE))).toEqual([true, true, true, true, true]);
    expect((await checkSignInAllowed(attempt, T0 + 16 * MINUTE)).allowed).toBe(true);
  });

  it("a successful sign-in (or a password reset) clears the count and the pause", async () => {
    const attempt = { account: "owner@throttle.test", address: nextAddress() };
    await failTimes(attempt, 5, T0);
    expect((await succeed(attempt, T0)).allowed).toBe(true);
    expect(allowed(await failTimes(attempt, 6, T0))).toEqual([true, true, true, true, true, true]);
    expect((await checkSignInAllowed(attempt, T0)).allowed).toBe(false);
    await recordSignInSuccess(attempt);
    expect((await checkSignInAllowed(attempt, T0)).allowed).toBe(true);
    const [row] = await getDb().select().from(signInThrottle).where(eq(signInThrottle.key, "account:owner@throttle.test"));
    expect(row).toMatchObject({ failures: 1, pausedUntil: 0, strikes: 0 });
  });

  it("each further pause within a day lasts longer: 15, 30, then 60 minutes at most; a quiet day starts over", async () => {
    const attempt = { account: "coach@throttle.test", address: nextAddress() };
    const pauseAfterSixFrom = async (start: number) => {
      await failTimes({ ...attempt, address: nextAddress() }, 6, start);
      const verdict = await checkSignInAllowed({ ...attempt, address: nextAddress() }, start);
      return verdict.allowed ? 0 : verdict.retryAfter / 60;
    };
    expect(await pauseAfterSixFrom(T0)).toBe(15);
    expect(await pauseAfterSixFrom(T0 + 15 * MINUTE)).toBe(30);
    expect(await pauseAfterSixFrom(T0 + 45 * MINUTE)).toBe(60);
    expect(await pauseAfterSixFrom(T0 + 105 * MINUTE)).toBe(60);
    expect(await pauseAfterSixFrom(T0 + 165 * MINUTE + 24 * 60 * MINUTE)).toBe(15);
  });

  it("counts parallel guesses exactly: of 20 at once, six are checked", async () => {
    const attempt = { account: "parallel@throttle.test", address: nextAddress() };
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => checkSignInAllowed(attempt, T0)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(6);
  });
});

describe("many people at one address", () => {
  it("never refuses a correct password because others at the address signed in", async () => {
    const address = nextAddress();
    for (let i = 0; i < 40; i += 1) expect((await succeed({ account: `member-${i}@gym.test`, address }, T0)).allowed).toBe(true);
  });

  it("one account's failures pause that account, not the others at the address", async () => {
    const address = nextAddress();
    await failTimes({ account: "forgetful@gym.test", address }, 6, T0);
    expect((await checkSignInAllowed({ account: "forgetful@gym.test", address }, T0)).allowed).toBe(false);
    expect((await succeed({ account: "coach@gym.test", address }, T0)).allowed).toBe(true);
  });

  it("twenty failures over four accounts do not pause the address; the fifth account does", async () => {
    const address = nextAddress();
    for (let i = 0; i < 4; i += 1) await failTimes({ account: `a${i}@spray.test`, address }, 5, T0);
    expect((await succeed({ account: "bystander@spray.test", address }, T0)).allowed).toBe(true);
    await fail({ account: "a4@spray.test", address }, T0);
    const refused = await checkSignInAllowed({ account: "bystander@spray.test", address }, T0 + MINUTE);
    expect(refused).toEqual({ allowed: false, retryAfter: 14 * 60 });
    // Another address is not affected, nor (at another address) the accounts tried.
    expect((await checkSignInAllowed({ account: "bystander@spray.test", address: nextAddress() }, T0)).allowed).toBe(true);
    expect((await checkSignInAllowed({ account: "a0@spray.test", address: nextAddress() }, T0)).allowed).toBe(true);
  });

  it("a paused address does not count against the accounts it tries", async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) await failTimes({ account: `b${i}@spray.test`, address }, 4, T0);
    await failTimes({ account: "victim@spray.test", address }, 10, T0);
    const [row] = await getDb().select().from(signInThrottle).where(eq(signInThrottle.key, "account:victim@spray.test"));
    expect(row).toBeUndefined();
  });

  it("keys IPv6 by the /64: rotating within it does not escape", async () => {
    for (let i = 0; i < 25; i += 1) await fail({ account: `v6-${i % 5}@spray.test`, address: `2001:db8:77:1::${(i + 1).toString(16)}` }, T0);
    expect((await checkSignInAllowed({ account: "other@spray.test", address: "2001:db8:77:1:ffff::9" }, T0)).allowed).toBe(false);
    expect((await checkSignInAllowed({ account: "other@spray.test", address: "2001:db8:77:2::1" }, T0)).allowed).toBe(true);
  });
});
