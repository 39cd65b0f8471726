import { accessibilityViolations } from "./support/axe";
import type { Page, Response } from "@playwright/test";
import { tinyPdf } from "../../app/modules/nutrition/nutrition.test-support";
import { fixtureNutrition } from "./support/fixture-nutrition";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";

// Seeded by tests/e2e/support/seed-data.ts: a PDF in Meal Plans, a link in Education, nothing in Recipes.
// The staff test below adds a Recipes PDF (and deletes it) on the same server, so the two
// run in order in one worker: the member's 'Recipes is empty' never races it (decision 0020).
test.describe.configure({ mode: "default" });
const { pdf, link } = fixtureNutrition;
const EMPTY = "No nutrition documents available for the selected category.";

async function axe(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

test("a member browses the nutrition categories and opens a PDF in a new tab", async ({ page, context }) => {
  await signInOverHttp(page, "member");
  await page.goto("/members");
  await page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Nutrition" }).click();
  await expect(page).toHaveURL(/\/members\/nutrition$/);

  const categories = page.getByRole("navigation", { name: "Nutrition categories" });
  await expect(categories.getByRole("link", { name: "Meal Plans" })).toHaveAttribute("aria-current", "page");
  const card = page.getByRole("article", { name: pdf.title });
  await expect(card).toContainText(pdf.description);
  await expect(card.locator('[data-icon="pdf"]')).toBeVisible();
  await expect(page.getByRole("article", { name: link.title })).toHaveCount(0);
  await axe(page);

  // An empty category says so.
  await categories.getByRole("link", { name: "Recipes" }).click();
  await expect(page).toHaveURL(/category=recipes/);
  await expect(categories.getByRole("link", { name: "Recipes" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);

  // A link document downloads from its own address, in a new tab.
  await categories.getByRole("link", { name: "Education" }).click();
  await expect(page).toHaveURL(/category=education/);
  const video = page.getByRole("article", { name: link.title });
  await expect(video.locator('[data-icon="video"]')).toBeVisible();
  const linkDownload = video.getByRole("link", { name: `Download ${link.title} (opens in a new tab)` });
  await expect(linkDownload).toHaveAttribute("href", link.url);
  await expect(linkDownload).toHaveAttribute("target", "_blank");
  await expect(linkDownload).toHaveAttribute("rel", "noopener noreferrer");
  await axe(page);

  // The back button returns to the previous category.
  await page.goBack();
  await expect(page).toHaveURL(/category=recipes/);
  await expect(page.getByText(EMPTY)).toBeVisible();

  await categories.getByRole("link", { name: "Meal Plans" }).click();
  const download = page.getByRole("article", { name: pdf.title }).getByRole("link", { name: `Download ${pdf.title} (opens in a new tab)` });
  await expect(download).toHaveAttribute("target", "_blank");
  const href = await download.getAttribute("href");
  expect(href).toMatch(/^\/documents\/[0-9a-f-]{36}$/);

  // The PDF opens in a new tab: the popup's response is the file itself.
  const pdfResponse = new Promise<Response>((resolve) => {
    context.on("response", (response) => {
      if (new URL(response.url()).pathname === href) resolve(response);
    });
  });
  const popupOpened = page.waitForEvent("popup");
  await download.click();
  const popup = await popupOpened;
  const response = await pdfResponse;
  expect(response.frame().page()).toBe(popup);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toContain('filename="Fat-Loss-Meal-Plan.pdf"');
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  await popup.close();

  // The dashboard's nutrition card shows the newest documents, not invented numbers.
  await page.goto("/members");
  const insights = page.getByRole("region", { name: "Nutrition Insights" });
  await expect(insights.getByText(pdf.title, { exact: true })).toBeVisible();
  await expect(insights.getByText(link.title, { exact: true })).toBeVisible();
  await expect(insights).not.toContainText("2.5L");

  // A visitor asking for the same file is sent to sign in and gets no PDF.
  const visitor = await context.browser()!.newContext();
  const visitorPage = await newPersonPage(visitor);
  const visitorResponse = await visitorPage.goto(href!);
  await expect(visitorPage).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(href!).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  expect(visitorResponse?.headers()["content-type"]).not.toContain("application/pdf");
  const direct = await visitor.request.get(href!, { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers()["content-type"] ?? "").not.toContain("application/pdf");
  expect((await direct.body()).includes(Buffer.from("%PDF"))).toBe(false);
  await visitor.close();
});

test("staff add a PDF and a link document and delete one", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, "trainer");
  await page.goto("/cms");
  await page.getByRole("navigation", { name: "Content types" }).getByRole("link", { name: "Nutrition Documents" }).click();
  await expect(page).toHaveURL(/\/cms\/nutrition-documents$/);
  await expect(page.getByRole("heading", { name: "Nutrition Documents" })).toBeVisible();
  await expect(page.getByText("Fat Loss Meal Plan")).toBeVisible();
  await page.getByRole("button", { name: "Add Document" }).click();
  const form = page.getByRole("form", { name: "Add Document" });
  await axe(page);
  // submit empty: messages
  await form.getByRole("button", { name: "Add Document" }).click();
  await expect(form.getByText("Please enter a title")).toBeVisible();
  await expect(form.getByText("Please upload a PDF or enter a link")).toBeVisible();
  await form.getByLabel("Title").fill("Preview Recipe PDF");
  await form.getByLabel("Description").fill("A PDF from the preview");
  await form.getByLabel("Category").selectOption({ label: "Recipes" });
  // a text file is refused
  await form.getByLabel("PDF file").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
  await expect(page.getByText("Failed to upload PDF", { exact: true })).toBeVisible();
  await form.getByLabel("PDF file").setInputFiles({ name: "My Recipe.pdf", mimeType: "application/pdf", buffer: tinyPdf("recipe") });
  await expect(form.getByText("Uploaded: My-Recipe.pdf")).toBeVisible();
  await form.getByRole("button", { name: "Add Document" }).click();
  await expect(page.getByText("Document added successfully", { exact: true })).toBeVisible();
  await expect(page.getByText("Preview Recipe PDF", { exact: true })).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByRole("button", { name: "Add Document" }).click();
  await form.getByLabel("Title").fill("Preview Link");
  await form.getByLabel("Category").selectOption({ label: "Education" });
  await form.getByLabel("Link").check();
  await form.getByLabel("Type").selectOption({ label: "Video" });
  await form.getByRole("textbox", { name: "Link" }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add Document" }).click();
  await expect(form.getByText("Please enter a link that starts with http:// or https://")).toBeVisible();
  await form.getByRole("textbox", { name: "Link" }).fill("https://example.com/preview");
  await form.getByRole("button", { name: "Add Document" }).click();
  await expect(page.getByText("Preview Link", { exact: true })).toBeVisible();
  // The form above the list closes as a person sees it: clicked before, a Delete button moves under the pointer.
  await expect(form).toBeHidden();

  await page.getByRole("button", { name: "Delete Preview Recipe PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete document?" });
  await expect(dialog).toContainText("Are you sure you want to delete this document?");
  await axe(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // A close event that comes late (a busy phone) leaves the next document's dialog open: the
  // dialog is closed and, before its close event is dispatched, another Delete is pressed.
  await page.getByRole("button", { name: "Delete Preview Recipe PDF" }).click();
  await expect(dialog).toContainText("Preview Recipe PDF");
  await page.evaluate(() => {
    document.querySelector<HTMLDialogElement>("dialog[open]")!.close();
    document.querySelector<HTMLButtonElement>('button[aria-label="Delete Preview Link"]')!.click();
  });
  await expect(dialog).toContainText("Preview Link");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete Preview Recipe PDF" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted successfully", { exact: true })).toBeVisible();
  await expect(page.getByText("Preview Recipe PDF", { exact: true })).toHaveCount(0);
  await expect(dialog).toBeHidden();
});
