// @test-database any
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { accountDeletionRequest } from "~/db/schema/member-data";
import { countDeletionRequests, DELETION_REQUESTS_SHOWN, listDeletionRequests } from "./deletion-requests.server";

const admin = { role: "admin" as const };

describe("the admin list of deletion requests", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i <= DELETION_REQUESTS_SHOWN; i++) ids.push(randomUUID());
    await getDb()
      .insert(user)
      .values(ids.map((id, i) => ({ id, name: `Member ${i}`, email: `leaving-${i}@example.com`, role: "member" as const })));
    // Asked a minute apart, the first one first.
    await getDb()
      .insert(accountDeletionRequest)
      .values(ids.map((userId, i) => ({ userId, createdAt: new Date(start + i * 60_000) })));
  });

  it("shows the oldest requests up to its limit, and counts them all", async () => {
    const { requests, total } = await listDeletionRequests(admin);
    expect(total).toBe(DELETION_REQUESTS_SHOWN + 1);
    expect(await countDeletionRequests(admin)).toBe(total);
    expect(requests.map((r) => r.userId)).toEqual(ids.slice(0, DELETION_REQUESTS_SHOWN));
  });

  it("is for administrators only", async () => {
    await expect(listDeletionRequests({ role: "trainer" })).rejects.toMatchObject({ status: 403 });
  });
});
