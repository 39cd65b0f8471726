/**
 * Sign-in when the server cannot complete it (here: the database has gone away, as in a
 * PostgreSQL restart). The form answers the spec's unexpected failure, 'An error
 * occurred' / 'Please try again later.', never a 500 page, and tells no more.
 * The database is closed for real: this file's last test, on this file's own database.
 */
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/client.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as loginAction } from "~/routes/login";
import { callRoute, postForm, type DataResult } from "../support/route-calls";

const email = "member@unexpected.test";
const password = "unexpected-password-1";
const signIn = (ip: string) => callRoute(loginAction, postForm("/login", null, { email, password }, { [CLIENT_IP_HEADER]: ip }));

describe("sign-in when the server cannot complete it", () => {
  it("signs in while the database answers", async () => {
    await createUserWithPassword({ name: "Unexpected Member", email, password, role: "member" });
    const answer = await signIn("198.51.100.21");
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/members");
  });

  it("answers 503 'Please try again later.' marked unexpected once the database is gone", async () => {
    await getDatabase().close();
    const answer = (await signIn("198.51.100.22")) as DataResult;
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ error: "Please try again later.", unexpected: true });
  });
});
