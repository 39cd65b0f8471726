/**
 * Messages in the browser: the member writes to the coach on a 390 px phone; the trainer's
 * open conversation page shows it without a reload (two browser contexts, the server's
 * event stream), the trainer answers and the member's page shows the answer the same way;
 * another member gets 'not found' for that conversation.
 */
import { E2E_BASE_URL } from "./support/server";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

test("the member messages the coach from a phone, the coach's open page shows it without a reload, and another member gets 'not found'", async ({ page, browser }) => {
  const stamp = Date.now();
  // The member, on a phone, writes a first message.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOverHttp(page, "messenger");
  await page.goto("/members/messages");
  await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();
  const form = page.getByRole("form", { name: "Message your coach" });
  // An empty message is refused in the page, with the server's words.
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("Please write a message")).toBeVisible();
  await expect(form.getByLabel("Message")).toBeFocused();
  const first = `Quick question about this week. ${stamp}`;
  await form.getByLabel("Message").fill(first);
  await form.getByRole("button", { name: "Send" }).click();
  const memberLog = page.getByRole("log", { name: "Messages" });
  await expect(memberLog.getByText(first)).toBeVisible();
  await expect(form.getByLabel("Message")).toHaveValue("");
  // Nothing on the phone is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The trainer, on a computer, finds it among the conversations and keeps the page open.
  const coachContext = await browser.newContext();
  const coach = await newPersonPage(coachContext);
  await signInOverHttp(coach, "trainer");
  await coach.goto("/coach/messages");
  await coach.getByRole("link", { name: users.messenger.name }).click();
  await expect(coach.getByRole("heading", { level: 1, name: `Messages: ${users.messenger.name}` })).toBeVisible();
  const coachLog = coach.getByRole("log", { name: "Messages" });
  await expect(coachLog.getByText(first)).toBeVisible();

  // The member writes again: the coach's page, never reloaded, shows it.
  const second = `Can we swap Thursday's session? ${stamp}`;
  await form.getByLabel("Message").fill(second);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(coachLog.getByText(second)).toBeVisible();
  // The coach answers; the member's page shows the answer the same way.
  const answer = `Yes, Friday at 7 works. ${stamp}`;
  await coach.getByRole("form", { name: `Message ${users.messenger.name}` }).getByLabel("Message").fill(answer);
  await coach.getByRole("button", { name: "Send" }).click();
  await expect(coachLog.getByText(answer)).toBeVisible();
  await expect(memberLog.getByText(answer)).toBeVisible();
  const conversation = new URL(coach.url()).pathname;

  // Another member: 'not found' for this conversation, its stream and a message to it.
  const otherContext = await browser.newContext();
  const other = await newPersonPage(otherContext);
  await signInOverHttp(other, "member");
  const refused = await other.goto(conversation);
  expect(refused?.status()).toBe(404);
  await expect(other.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  expect((await other.request.get(`${conversation}/events?after=0`)).status()).toBe(404);
  const post = await other.request.post(conversation, { form: { intent: "send-message", body: "Not mine" }, headers: { origin: E2E_BASE_URL }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
  await other.goto("/members/messages");
  await expect(other.getByText(second)).toHaveCount(0);
  await coachContext.close();
  await otherContext.close();
});
