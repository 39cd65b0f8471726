/**
 * /members/billing as React Router calls it, under the member layout, with real sign-in
 * cookies and the GoCardless stand-in: who may read and post (401 visitor, 403 staff),
 * refusals with their status (400 bad intent or product), 'Choose' sending the browser to
 * the hosted page, the return's words, 'Cancel', and an invitation's package.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingProduct } from "~/db/schema/billing";
import { CHOOSE_PRODUCT } from "~/modules/billing/checkout.server";
import { checkoutsOf, directDebitOn, plansOf } from "~/modules/billing/checkout.test-support";
import { STAFF_BILLING } from "~/modules/billing/plans.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as routeAction, loader as routeLoader } from "~/routes/members.billing";
import type { GoCardlessStandIn } from "../support/gocardless-stand-in/server";
import { callRouteOrData, getRequest, locationOf, postForm, signInCookie, toastOf, underLayout } from "../support/route-calls";

const loader = underLayout(membersMiddleware, routeLoader);
const action = underLayout(membersMiddleware, routeAction);

type Who = "a" | "b" | "trainer";
const cookies: Record<Who, string> = { a: "", b: "", trainer: "" };
const ids: Record<Who, string> = { a: "", b: "", trainer: "" };
type Answer = { data: { ok?: false; error?: string | null; message?: string }; init: { status: number } };
type Page = Awaited<ReturnType<typeof routeLoader>>;

let standIn: GoCardlessStandIn;

beforeAll(async () => {
  standIn = await directDebitOn();
  for (const [who, role] of [
    ["a", "member"],
    ["b", "member"],
    ["trainer", "trainer"],
  ] as const) {
    const email = `${who}@billing-routes.test`;
    ids[who] = (await createUserWithPassword({ email, password: "billing-pass-1", name: `Grace ${who}`, role })).id;
    cookies[who] = await signInCookie(email, "billing-pass-1");
  }
});

afterAll(async () => {
  await standIn.stop();
});

const buy = (who: Who | null, productId: string) => callRouteOrData(action, postForm("/members/billing", who ? cookies[who] : null, { intent: "buy", productId }));

describe("who may use /members/billing", () => {
  it("answers a visitor 401 for the page and for 'Choose', making nothing", async () => {
    expect(((await callRouteOrData(loader, getRequest("/members/billing", null))) as Answer).init.status).toBe(401);
    expect(((await buy(null, "prod_online_coaching")) as Answer).init.status).toBe(401);
  });

  it("answers staff 403 with a note, for the page and for 'Choose', making nothing", async () => {
    const page = (await callRouteOrData(loader, getRequest("/members/billing", cookies.trainer))) as Answer;
    expect([page.init.status, page.data.message]).toEqual([403, STAFF_BILLING]);
    const bought = (await buy("trainer", "prod_online_coaching")) as Answer;
    expect([bought.init.status, bought.data.error]).toEqual([403, STAFF_BILLING]);
    expect(await plansOf(ids.trainer)).toEqual([]);
  });

  it("answers an unknown intent and an unknown product 400, making nothing", async () => {
    const unknown = (await callRouteOrData(action, postForm("/members/billing", cookies.a, { intent: "refund-me" }))) as Answer;
    expect([unknown.init.status, unknown.data.error]).toEqual([400, "Unknown action"]);
    for (const productId of ["", "prod_nope", "x".repeat(500)]) {
      const refused = (await buy("a", productId)) as Answer & { data: { fieldErrors?: Record<string, string> } };
      expect(refused.init.status).toBe(400);
      expect(refused.data.error ?? refused.data.fieldErrors?.productId).toBe(CHOOSE_PRODUCT);
    }
    expect(await plansOf(ids.a)).toEqual([]);
  });
});

describe("a member paying", () => {
  it("sends 'Choose' to the hosted page, says on the way back that nothing is finished yet, and cancels a package never paid at once", async () => {
    const chosen = await buy("a", "prod_online_coaching");
    expect(locationOf(chosen)).toMatch(new RegExp(`^${standIn.url}/billing/static/flow\\?id=BRF`));
    const [plan] = await plansOf(ids.a);
    const page = (await callRouteOrData(loader, getRequest("/members/billing", cookies.a))) as Page;
    expect(page.package).toMatchObject({ id: plan!.id, name: "Online Coaching", status: "pending", canContinue: true });
    expect(page.packages.map((p) => p.name)).toContain("Unlimited Access");
    expect(page.packs.map((p) => p.name)).toContain("Starter");

    const checkoutId = (await checkoutsOf(ids.a))[0]!.id;
    const back = (await callRouteOrData(loader, getRequest(`/members/billing?checkout=${checkoutId}`, cookies.a))) as Page;
    expect(back.returned).toEqual({ state: "not-finished", productId: "prod_online_coaching" });
    // Another member's checkout id in the address says nothing.
    const theirs = (await callRouteOrData(loader, getRequest(`/members/billing?checkout=${checkoutId}`, cookies.b))) as Page;
    expect([theirs.returned, theirs.package]).toEqual([null, null]);
    // B cannot cancel A's plan by its id.
    const foreign = (await callRouteOrData(action, postForm("/members/billing", cookies.b, { intent: "cancel", planId: plan!.id }))) as Answer;
    expect(foreign.init.status).toBe(404);

    const cancelled = await callRouteOrData(action, postForm("/members/billing", cookies.a, { intent: "cancel", planId: plan!.id }));
    expect(locationOf(cancelled)).toBe("/members/billing");
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "Online Coaching cancelled", description: "Nothing has been charged." });
    expect((await plansOf(ids.a))[0]!.status).toBe("ended");
  });

  it("shows an invitation's package first while it is offered, and the plain page once it is archived", async () => {
    const offered = (await callRouteOrData(loader, getRequest("/members/billing?product=prod_personal_training", cookies.b))) as Page;
    expect(offered.suggested).toMatchObject({ id: "prod_personal_training", name: "Personal Training", price: "£60.00", period: "per week" });
    await getDb().update(billingProduct).set({ archivedAt: new Date() }).where(eq(billingProduct.id, "prod_personal_training"));
    const archived = (await callRouteOrData(loader, getRequest("/members/billing?product=prod_personal_training", cookies.b))) as Page;
    expect(archived.suggested).toBeNull();
    expect(archived.packages.map((p) => p.id)).not.toContain("prod_personal_training");
  });
});
