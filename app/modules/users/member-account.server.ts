import { and, eq, sql } from "drizzle-orm";
import { preparedOnce } from "~/db/prepared.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { AppError } from "~/lib/app-error";
import { readOncePerRequest } from "~/lib/request-scope.server";
import type { WeightUnit } from "~/lib/units";

export const MEMBER_NOT_FOUND = "Member not found";

export interface MemberAccount {
  id: string;
  name: string;
  email: string;
  /** The member's own unit; null before they chose one. */
  weightUnit: WeightUnit | null;
}

/**
 * The member a staff view is about (/members/:memberId/progress, /training and its
 * comments): a member's account, deactivated or not (their history stays theirs). Anyone
 * else, a trainer's or an administrator's account as much as an unknown id, is 'not
 * found' (404): these views show members, not staff. Read once per GET request (the
 * coach's member page asks from four of its summaries); a write request reads afresh.
 */
export async function requireMemberAccount(memberId: unknown): Promise<MemberAccount> {
  const found = typeof memberId === "string" && memberId !== "" ? await readOncePerRequest(`member-account:${memberId}`, () => readMemberAccount(memberId)) : undefined;
  if (!found) throw new AppError(404, MEMBER_NOT_FOUND);
  return { ...found };
}

/** On every page of a coach's member, prepared once (decision 0184). */
const memberAccountQuery = preparedOnce((db) =>
  db
    .select({ id: user.id, name: user.name, email: user.email, weightUnit: profile.weightUnit })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(and(eq(user.id, sql.placeholder("memberId")), eq(user.role, "member")))
    .prepare("member_account"),
);

async function readMemberAccount(memberId: string): Promise<MemberAccount | undefined> {
  const [found] = await memberAccountQuery().execute({ memberId });
  return found;
}
