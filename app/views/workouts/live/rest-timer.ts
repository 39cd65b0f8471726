/**
 * The rest timer: logging a set starts it with the exercise's rest. It counts down on screen
 * (large; the polite live region says only when it starts and ends, not every second), and
 * at the end shows an alert, vibrates where the phone can, and plays a short beep made with
 * the Web Audio API. Its end time is kept in the tab's sessionStorage, so a reload or the
 * exercise picker's page keeps it running.
 */
import { buttonClass } from "~/components/ui/button-class";
import { clock } from "../format";
import { el } from "./dom";

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const w = window as typeof window & { webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Two short tones (no audio file to fetch). */
function beep(audio: AudioContext) {
  const now = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 1175],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, now + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + offset);
    oscillator.stop(now + offset + 0.22);
  }
}

const TICK_MS = 250;
const EXTRA_SECONDS = 30;

export class RestTimer {
  private readonly storageKey: string;
  private audio: AudioContext | null = null;
  private panel: HTMLElement | null = null;
  private ticking: number | undefined;
  private endsAt = 0;
  private total = 0;

  constructor(
    workoutId: string,
    private readonly announcer: HTMLElement | null,
  ) {
    this.storageKey = `rest-timer:${workoutId}`;
    // A rest under way when the screen was left (the picker's page, a reload) carries on.
    const saved = Number(sessionStorage.getItem(this.storageKey));
    if (saved > Date.now()) this.run(saved, Math.ceil((saved - Date.now()) / 1000));
  }

  /** Unlocks sound on the member's tap (browsers play audio only after one). */
  prime(): void {
    const Audio = audioContextClass();
    if (!Audio) return;
    this.audio ??= new Audio();
    void this.audio.resume();
  }

  /** Starts (or restarts) the rest; called from the tap that logged the set, so sound is allowed. */
  start(seconds: number): void {
    this.run(Date.now() + seconds * 1000, seconds);
    this.announce(`Rest started: ${clock(seconds)}`);
  }

  private announce(text: string): void {
    if (this.announcer) this.announcer.textContent = text;
  }

  private run(endsAt: number, total: number): void {
    this.endsAt = endsAt;
    this.total = total;
    sessionStorage.setItem(this.storageKey, String(endsAt));
    const timer = el("p", { role: "timer", "aria-label": "Rest remaining", class: "font-display text-4xl font-bold tabular-nums" });
    const bar = el("div", { class: "h-1.5 rounded bg-brand motion-safe:transition-[width] motion-safe:duration-300" });
    const more = el("button", { type: "button", class: buttonClass("secondary") }, "+30 s");
    const skip = el("button", { type: "button", class: buttonClass("secondary") }, "Skip rest");
    more.addEventListener("click", () => {
      this.endsAt += EXTRA_SECONDS * 1000;
      this.total += EXTRA_SECONDS;
      sessionStorage.setItem(this.storageKey, String(this.endsAt));
      this.tick(timer, bar);
    });
    skip.addEventListener("click", () => {
      this.stop();
      this.announce("Rest skipped");
    });
    this.show(
      el(
        "div",
        { class: "min-w-0 flex-1" },
        el("p", { class: "text-xs font-semibold uppercase tracking-widest text-zinc-600" }, "Rest"),
        timer,
        el("div", { class: "mt-1 h-1.5 rounded bg-zinc-200", "aria-hidden": "true" }, bar),
      ),
      more,
      skip,
    );
    window.clearInterval(this.ticking);
    this.tick(timer, bar);
    this.ticking = window.setInterval(() => this.tick(timer, bar), TICK_MS);
  }

  private tick(timer: HTMLElement, bar: HTMLElement): void {
    const remaining = Math.max(0, (this.endsAt - Date.now()) / 1000);
    timer.textContent = clock(remaining);
    bar.style.width = `${(remaining / this.total) * 100}%`;
    if (remaining > 0) return;
    this.stop();
    this.announce("");
    navigator.vibrate?.([200, 100, 200]);
    if (this.audio) beep(this.audio);
    const dismiss = el("button", { type: "button", class: buttonClass("secondary") }, "Dismiss");
    dismiss.addEventListener("click", () => this.hide());
    this.show(el("p", { role: "alert", class: "flex-1 text-lg font-bold" }, "Rest over: time for your next set"), dismiss);
  }

  private stop(): void {
    window.clearInterval(this.ticking);
    sessionStorage.removeItem(this.storageKey);
    this.hide();
  }

  private show(...children: Node[]): void {
    this.panel ??= document.body.appendChild(
      el("section", { "aria-label": "Rest timer", class: "fixed inset-x-0 bottom-0 z-20 border-t border-zinc-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]" }),
    );
    this.panel.replaceChildren(el("div", { class: "mx-auto flex max-w-xl items-center gap-3" }, ...children));
  }

  private hide(): void {
    this.panel?.remove();
    this.panel = null;
  }
}
