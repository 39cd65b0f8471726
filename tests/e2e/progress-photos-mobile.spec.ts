import sharp from "sharp";
import { addDays, todayIn } from "../../app/lib/time-zone";
import { accessibilityViolations } from "./support/axe";
import { expect, signInOverHttp, test } from "./support/test";

// A 390 px phone (the mobile project's device is wider).
test.use({ viewport: { width: 390, height: 844 } });

const today = () => todayIn("Europe/London");
const photo = (background: string) => sharp({ create: { width: 600, height: 800, channels: 3, background } }).jpeg().toBuffer();

// The only test that uses the photo member, so it owns every photo it sees.
test("a member on a phone uploads progress photos, sees them by date, compares two dates with the slider and deletes one", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, "photoMember");
  await page.goto("/members/progress");
  await page.getByRole("link", { name: "Progress Photos" }).click();
  await expect(page).toHaveURL(/\/members\/progress\/photos$/);
  await expect(page.getByRole("heading", { name: "Progress Photos", exact: true })).toBeVisible();
  await expect(page.getByText("No progress photos yet.")).toBeVisible();
  await expect(page.getByText("Photos from two different dates are needed to compare.")).toBeVisible();

  const form = page.getByRole("form", { name: "Add a Photo" });
  // A file that is not an image is refused beside the field, and nothing is added.
  await form.getByLabel("Photo").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some notes") });
  await form.getByRole("button", { name: "Upload Photo" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).");
  await expect(page.getByText("No progress photos yet.")).toBeVisible();

  const upload = async (name: string, pose: string, date: string, background: string) => {
    await form.getByLabel("Photo").setInputFiles({ name, mimeType: "image/jpeg", buffer: await photo(background) });
    await form.getByRole("radio", { name: pose }).check();
    await form.getByLabel("Date").fill(date);
    await form.getByRole("button", { name: "Upload Photo" }).click();
    await expect(page.getByText("Photo uploaded").first()).toBeVisible();
  };
  const before = addDays(today(), -28);
  await upload("front-before.jpg", "Front", before, "#1d4ed8");
  await upload("front-now.jpg", "Front", today(), "#b91c1c");

  // The timeline: newest date first, each photo served to its owner.
  const timeline = page.getByRole("region", { name: "Timeline" });
  const days = timeline.getByRole("heading", { level: 4 });
  await expect(days).toHaveCount(2);
  const newest = timeline.getByRole("img").first();
  await newest.scrollIntoViewIfNeeded();
  await expect.poll(() => newest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Compare: the first date against the latest, as one picture with a slider on a phone.
  const compare = page.getByRole("region", { name: "Compare" });
  await expect(compare.getByLabel("Before")).toHaveValue(before);
  await expect(compare.getByLabel("After")).toHaveValue(today());
  const slider = compare.getByRole("slider");
  await expect(slider).toBeVisible();
  await expect(slider).toHaveValue("50");
  const overlay = compare.getByTestId("photo-slider-after");
  await expect(overlay).toHaveAttribute("style", /inset\(0px 0px 0px 50%\)|inset\(0 0 0 50%\)/);
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("100");
  await expect(overlay).toHaveAttribute("style", /100%/);
  await page.keyboard.press("Home");
  await expect(slider).toHaveValue("0");
  const beforeImage = compare.getByTestId("photo-slider").getByRole("img").first();
  await expect.poll(() => beforeImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // Picking the dates the other way round compares them in time order.
  await compare.getByLabel("Before").selectOption(today());
  await compare.getByLabel("After").selectOption(before);
  await compare.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`before=${today()}&after=${before}`));
  await expect(compare.getByLabel("Before")).toHaveValue(before);

  expect(await accessibilityViolations(page)).toEqual([]);

  // Delete today's photo: a confirmation first, Cancel keeps it.
  await timeline.getByRole("button", { name: /^Delete front photo/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Delete this photo?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(days).toHaveCount(2);
  await timeline.getByRole("button", { name: /^Delete front photo/ }).first().click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Photo deleted").first()).toBeVisible();
  await expect(days).toHaveCount(1);
  await expect(compare.getByText("Photos from two different dates are needed to compare.")).toBeVisible();
});
