import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL } from "./tests/e2e/support/server";

/**
 * Debian's Chromium headless shell when installed (`apt-get install chromium-headless-shell`,
 * what Playwright itself runs headless tests on): the same suite took 108 s of test time
 * against 149 s on the full browser in its new headless mode (decision 0057). Otherwise, and
 * when a window is wanted, the full browser.
 */
function chromium(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  // The shell has no window: `--headed`, `--debug` and `--ui` need the full browser.
  const windowed = ["--headed", "--debug", "--ui"].some((flag) => process.argv.includes(flag)) || Boolean(process.env.PWDEBUG);
  return !windowed && fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // Two workers (decision 0058): on the 2-core CI machines, with the headless shell, the
  // suite took 6.6-7.4 minutes against 9.1 with one; each test about 1.5 times slower.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["./tests/e2e/support/slowest-reporter.ts"]],
  // Room for a loaded machine; a hang still fails within a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // As a person who asked for less motion (decision 0062): the site's transitions then take
    // no time, so the software compositor draws a few frames per change instead of one every
    // 16 ms for a transition's length (the GPU process's CPU about halved on a 60-test subset).
    // The specs about motion itself set "no-preference".
    reducedMotion: "reduce",
    // No service worker but in the specs about the member's app (offline-training.spec.ts):
    // it precaches the whole app shell (about 1.7 MB) at a member's first visit, work the
    // other specs do not test and CI's two cores would pay in every new context (decision 0092).
    serviceWorkers: "block",
    // Recording a trace of every test costs about a seventh of the suite's time (95 tests:
    // 185 s with, 159 s without): E2E_TRACE=1 keeps the traces of failed tests when one is wanted.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      // --in-process-gpu: the compositor runs in the browser process, without a process and
      // the messages to it (about 2 % of the browser suite's CPU, measured on a subset).
      args: ["--no-sandbox", "--disable-gpu", "--in-process-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, testIgnore: /mobile\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"], browserName: "chromium" }, testMatch: /mobile\.spec\.ts/ },
  ],
});
