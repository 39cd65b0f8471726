/**
 * Signing in and out when the server cannot complete it (here: the database has gone
 * away, as in a PostgreSQL restart). Sign-in answers the spec's unexpected failure, 'An
 * error occurred' / 'Please try again later.', sign-out its 'Failed to sign out. Please
 * try again.', never a 500 page. The database is closed for real, in this file's last
 * tests, on this file's own database.
 */
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/client.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { callRoute, postForm, signInCookie, toAction, toastOf, type DataResult } from "../support/route-calls";
import { signIn } from "../support/sign-in";

const email = "member@unexpected.test";
const password = "unexpected-password-1";
const viaLogin = (ip: string) => ({ send: toAction(loginAction), headers: { [CLIENT_IP_HEADER]: ip } });

let cookie = "";

describe("signing in and out when the server cannot complete it", () => {
  it("signs in while the database answers", async () => {
    await createUserWithPassword({ name: "Unexpected Member", email, password, role: "member" });
    const { answer } = await signIn(email, password, viaLogin("198.51.100.21"));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/members");
    cookie = await signInCookie(email, password);
  });

  it("answers 503 'Please try again later.' titled 'An error occurred' once the database is gone", async () => {
    await getDatabase().close();
    const answer = (await signIn(email, password, viaLogin("198.51.100.22"))).answer as DataResult;
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual(expect.objectContaining({ ok: false, title: "An error occurred", error: "Please try again later." }));
  });

  it("answers 'Failed to sign out. Please try again.' once the database is gone", async () => {
    await getDatabase().close();
    const answer = await callRoute(logoutAction, postForm("/logout", cookie, {}));
    expect((answer as Response).headers.get("location")).toBe("/");
    expect(await toastOf(answer)).toEqual({ type: "error", title: "Failed to sign out. Please try again." });
  });
});
