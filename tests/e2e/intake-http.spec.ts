import crypto from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { intakeMessages, validApplication } from "../../app/modules/contacts/intake.fixture";
import { expect, test } from "./support/test";
import { PASSWORD, users, type UserKey } from "./support/users";

/** An application nobody else's test sends: its e-mail finds it in the inbox. */
function application(overrides: Record<string, unknown> = {}) {
  const tag = crypto.randomBytes(5).toString("hex");
  return { ...validApplication, lastName: `Http-${tag}`, email: `http-${tag}@applicant.test`, ...overrides };
}

function postJson(request: APIRequestContext, baseURL: string, body: unknown) {
  return request.post("/contact", {
    headers: { origin: baseURL, "content-type": "application/json" },
    // Bytes, sent as they are (Playwright would JSON-encode a string that is not valid JSON).
    data: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
    maxRedirects: 0,
  });
}

/** The page as people see it: tags dropped, entities decoded, whitespace collapsed. */
async function pageText(response: APIResponse): Promise<string> {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^<>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A separate client (its own cookies), signed in through the login form. */
async function signedIn(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  extraHTTPHeaders: Record<string, string> | undefined,
  who: UserKey,
): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  const response = await context.post("/login", { headers: { origin: baseURL }, form: { email: users[who].email, password: PASSWORD }, maxRedirects: 0 });
  expect(response.status(), `sign-in as ${who}`).toBe(302);
  return context;
}

/** What the administrator's inbox shows for a search: the rows' text, or the empty message. */
async function inboxSearch(admin: APIRequestContext, q: string): Promise<string> {
  const response = await admin.get(`/admin/contacts?q=${encodeURIComponent(q)}`, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  return pageText(response);
}

test.describe("POST /contact over HTTP", () => {
  test("a valid JSON application is stored: 200 and the success message", async ({ request, baseURL, playwright, extraHTTPHeaders }) => {
    const app = application({ medicalConditions: "Mild asthma" });
    const response = await postJson(request, baseURL!, app);
    expect(response.status()).toBe(200);
    const text = await pageText(response);
    expect(text).toContain("Success! Thank you for your submission. We'll be in touch soon!");

    const admin = await signedIn(playwright, baseURL!, extraHTTPHeaders, "admin");
    try {
      const inbox = await inboxSearch(admin, app.email);
      expect(inbox).toContain(`Jordan ${app.lastName}`);
      expect(inbox).toContain(app.email);
      expect(inbox).not.toContain("No contact submissions found");
    } finally {
      await admin.dispose();
    }
  });

  test("a form post without JavaScript (urlencoded) is stored too", async ({ request, baseURL }) => {
    const app = application();
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(app)) {
      if (key === "goals") for (const goal of value as string[]) form.append("goals", goal);
      else if (key === "termsAccepted") form.append(key, "on");
      else form.append(key, String(value));
    }
    form.append("website", "");
    const response = await request.post("/contact", {
      headers: { origin: baseURL!, "content-type": "application/x-www-form-urlencoded" },
      data: form.toString(),
    });
    expect(response.status()).toBe(200);
    expect(await pageText(response)).toContain("Thank you for your submission.");
  });

  test("an invalid application gets 400 with the spec's messages, and the answers back", async ({ request, baseURL }) => {
    const app = application({ firstName: "J", phone: "12345", gender: "", goals: [], termsAccepted: false });
    const response = await postJson(request, baseURL!, app);
    expect(response.status()).toBe(400);
    const text = await pageText(response);
    for (const message of [
      "Please check the highlighted answers.",
      "First name must be at least 2 characters",
      "Please enter a valid phone number",
      "Please select your gender",
      "Please select at least one goal",
      "You must accept the terms and conditions",
    ]) {
      expect(text).toContain(message);
    }
    expect(text).not.toContain("Last name must be at least 2 characters");
    // What was typed comes back in the form.
    const html = await response.text();
    expect(html).toContain(`value="${app.email}"`);
  });

  test("an empty application gets 400 with every required field's message", async ({ request, baseURL }) => {
    const response = await postJson(request, baseURL!, {});
    expect(response.status()).toBe(400);
    const text = await pageText(response);
    for (const message of intakeMessages) {
      expect(text).toContain(message);
    }
  });

  test("malformed JSON gets 400", async ({ request, baseURL }) => {
    const response = await postJson(request, baseURL!, "{firstName:");
    expect(response.status()).toBe(400);
    expect(await pageText(response)).toContain("The request body is not valid JSON.");
  });

  test("a body over 64 KB gets 413 and nothing is stored", async ({ request, baseURL, playwright, extraHTTPHeaders }) => {
    const app = application({ experience: "x".repeat(70 * 1024) });
    const response = await postJson(request, baseURL!, app);
    expect(response.status()).toBe(413);
    expect(await pageText(response)).toContain("The request is too large (limit 64 KB).");

    const admin = await signedIn(playwright, baseURL!, extraHTTPHeaders, "admin");
    try {
      expect(await inboxSearch(admin, app.email)).toContain("No contact submissions found");
    } finally {
      await admin.dispose();
    }
  });

  test("another content type gets 415", async ({ request, baseURL }) => {
    const response = await request.post("/contact", {
      headers: { origin: baseURL!, "content-type": "text/plain" },
      data: JSON.stringify(application()),
    });
    expect(response.status()).toBe(415);
    expect(await pageText(response)).toContain("Send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.");
  });

  test("a filled honeypot gets the same 200 as a person, and nothing is stored", async ({ request, baseURL, playwright, extraHTTPHeaders }) => {
    const admin = await signedIn(playwright, baseURL!, extraHTTPHeaders, "admin");
    try {
      const bot = application();
      expect(await inboxSearch(admin, bot.email)).toContain("No contact submissions found");

      const response = await postJson(request, baseURL!, { ...bot, website: "http://cheap-pills.example" });
      expect(response.status()).toBe(200);
      expect(await pageText(response)).toContain("Success! Thank you for your submission.");
      expect(await inboxSearch(admin, bot.email)).toContain("No contact submissions found");

      // The same search finds a person's application, so the empty result above means something.
      const person = application({ email: bot.email, lastName: "Person" });
      expect((await postJson(request, baseURL!, { ...person, website: "" })).status()).toBe(200);
      const found = await inboxSearch(admin, bot.email);
      expect(found).toContain("Jordan Person");
      expect(found).not.toContain("No contact submissions found");
    } finally {
      await admin.dispose();
    }
  });

  test("the sixth application in an hour from one address gets 429", async ({ request, baseURL }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await postJson(request, baseURL!, application())).status());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const refused = await postJson(request, baseURL!, application());
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(3500);
    expect(await pageText(refused)).toContain("Too many applications from your connection. Please try again in 60 minutes.");
  });

  test("a POST from another site is refused", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      data: JSON.stringify(application()),
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("the inbox over HTTP", () => {
  test("an anonymous visitor is sent to /login", async ({ request }) => {
    const response = await request.get("/admin/contacts", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login?redirectTo=%2Fadmin%2Fcontacts");
    const data = await request.get("/admin/contacts.data", { maxRedirects: 0 });
    expect(await data.text()).not.toContain("@applicant.test");
  });

  test("a member and a trainer are sent to /members, and a member's delete deletes nothing", async ({ request, baseURL, playwright, extraHTTPHeaders }) => {
    const app = application();
    expect((await postJson(request, baseURL!, app)).status()).toBe(200);

    const admin = await signedIn(playwright, baseURL!, extraHTTPHeaders, "admin");
    const member = await signedIn(playwright, baseURL!, extraHTTPHeaders, "member");
    const trainer = await signedIn(playwright, baseURL!, extraHTTPHeaders, "trainer");
    try {
      // The submission's id, from the administrator's inbox.
      const html = await (await admin.get(`/admin/contacts?q=${encodeURIComponent(app.email)}`)).text();
      const id = /open=([0-9a-f-]{36})/.exec(html)?.[1];
      expect(id).toBeDefined();

      for (const [who, client] of [
        ["member", member],
        ["trainer", trainer],
      ] as const) {
        const page = await client.get(`/admin/contacts?open=${id}`, { maxRedirects: 0 });
        expect(page.status(), who).toBe(302);
        expect(page.headers()["location"], who).toBe("/members");
        expect(await page.text()).not.toContain(app.email);
      }

      for (const client of [member, trainer]) {
        const refused = await client.post("/admin/contacts", { headers: { origin: baseURL! }, form: { intent: "delete", id: id! }, maxRedirects: 0 });
        expect(refused.status()).toBe(302);
        expect(refused.headers()["location"]).toBe("/members");
      }
      const anonymous = await request.post("/admin/contacts", { headers: { origin: baseURL! }, form: { intent: "delete", id: id! }, maxRedirects: 0 });
      expect(anonymous.status()).toBe(302);
      expect(anonymous.headers()["location"]).toMatch(/^\/login\?redirectTo=/);

      // Still there, still new.
      const inbox = await admin.get(`/admin/contacts?q=${encodeURIComponent(app.email)}&open=${id}`, { maxRedirects: 0 });
      expect(inbox.status()).toBe(200);
      const text = await pageText(inbox);
      expect(text).toContain(`Jordan ${app.lastName}`);
      expect(text).not.toContain("No contact submissions found");
      expect(await inbox.text()).toMatch(/capitalize[^>]*>new</);
    } finally {
      await Promise.all([admin.dispose(), member.dispose(), trainer.dispose()]);
    }
  });

  test("an administrator gets the inbox: 200 with the counts", async ({ baseURL, playwright, extraHTTPHeaders }) => {
    const admin = await signedIn(playwright, baseURL!, extraHTTPHeaders, "admin");
    try {
      const response = await admin.get("/admin/contacts", { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const text = await pageText(response);
      expect(text).toContain("Contact Submissions");
      expect(text).toMatch(/Total \d+ New \d+ Read \d+ Responded \d+/);
    } finally {
      await admin.dispose();
    }
  });
});
