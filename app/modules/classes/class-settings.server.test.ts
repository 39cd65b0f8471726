// @test-database any
/** The class booking rules of /admin/settings: defaults, bounds, administrators only. */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { AppError } from "~/lib/app-error";
import { newPerson } from "~/modules/workouts/training.test-support";
import { CLASS_SETTINGS_KEY, getClassBookingSettings, setClassBookingSettings } from "./class-settings.server";

const form = { cancelCutoffHours: "4", offerWindowMinutes: "45", weeklyLimit: "5", bookAheadDays: "21" };

beforeEach(async () => {
  await getDb().delete(siteSetting).where(eq(siteSetting.key, CLASS_SETTINGS_KEY));
});

describe("class booking settings", () => {
  it("start at 2 hours, 30 minutes, 3 a week and 14 days ahead", async () => {
    expect(await getClassBookingSettings()).toEqual({ cancelCutoffHours: 2, offerWindowMinutes: 30, weeklyLimit: 3, bookAheadDays: 14 });
  });

  it("are saved by an administrator and read back", async () => {
    const admin = await newPerson("admin");
    await setClassBookingSettings(admin, form);
    expect(await getClassBookingSettings()).toEqual({ cancelCutoffHours: 4, offerWindowMinutes: 45, weeklyLimit: 5, bookAheadDays: 21 });
  });

  it("refuse values out of bounds or not whole numbers, naming the field, and save nothing", async () => {
    const admin = await newPerson("admin");
    for (const [field, value, message] of [
      ["cancelCutoffHours", "73", "Cancellation cut-off must be a whole number from 0 to 72"],
      ["offerWindowMinutes", "4", "Time to confirm an offer must be a whole number from 5 to 720"],
      ["weeklyLimit", "0", "Bookings per week must be a whole number from 1 to 21"],
      ["bookAheadDays", "2.5", "Days bookable ahead must be a whole number from 1 to 56"],
      ["weeklyLimit", "", "Bookings per week must be a whole number from 1 to 21"],
    ] as const) {
      const error = await setClassBookingSettings(admin, { ...form, [field]: value }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]).toMatchObject({ path: [field], message });
    }
    expect(await getClassBookingSettings()).toEqual({ cancelCutoffHours: 2, offerWindowMinutes: 30, weeklyLimit: 3, bookAheadDays: 14 });
  });

  it("are changed by administrators only", async () => {
    for (const role of ["member", "trainer"] as const) {
      const error = await setClassBookingSettings(await newPerson(role), form).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
    }
  });
});
