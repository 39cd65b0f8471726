/**
 * Where the browser suite's time goes: after the run, the 20 slowest tests with their
 * durations. With E2E_RESULTS_FILE set it also writes every test's outcome there as JSON
 * (scripts/e2e-repeat.ts collects them over repeated runs).
 */
import fs from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

interface Outcome {
  test: string;
  status: TestResult["status"];
  durationMs: number;
  error?: string;
}

const SHOWN = 20;

function name(test: TestCase): string {
  const [, project, file, ...titles] = test.titlePath();
  return `[${project}] ${path.relative(process.cwd(), test.location.file) || file}:${test.location.line} › ${titles.join(" › ")}`;
}

export default class SlowestReporter implements Reporter {
  private outcomes: Outcome[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const error = result.errors[0]?.message?.split("\n")[0];
    this.outcomes.push({ test: name(test), status: result.status, durationMs: result.duration, ...(error ? { error } : {}) });
  }

  onEnd(result: FullResult) {
    const slowest = [...this.outcomes].sort((a, b) => b.durationMs - a.durationMs).slice(0, SHOWN);
    const total = this.outcomes.reduce((sum, o) => sum + o.durationMs, 0);
    console.log(`\nSlowest ${slowest.length} browser tests (of ${this.outcomes.length}, ${(total / 1000).toFixed(0)} s of test time):`);
    for (const o of slowest) console.log(`  ${(o.durationMs / 1000).toFixed(1).padStart(5)} s  ${o.test}`);
    const file = process.env.E2E_RESULTS_FILE;
    if (file) fs.writeFileSync(file, JSON.stringify({ status: result.status, outcomes: this.outcomes }, null, 2));
  }

  printsToStdio() {
    return false;
  }
}
