import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { clock } from "./format";

/**
 * The rest timer: logging a set starts it with the block's rest. It counts down on screen
 * (large; the polite live region says only when it starts and ends, not every second),
 * and at the end shows an alert, vibrates where the phone can, and plays a short beep
 * made with the Web Audio API. Its end time lives in the workout screen's state (and the
 * tab's sessionStorage), so a re-render or the exercise picker's reload keeps it running.
 */

interface RestTimerApi {
  /** Starts (or restarts) the rest; call it from the tap that logged the set so sound is allowed. */
  start: (seconds: number) => void;
  /** Unlocks sound on the member's tap (browsers play audio only after one). */
  prime: () => void;
}

const RestTimerContext = createContext<RestTimerApi | null>(null);

export function useRestTimer(): RestTimerApi {
  const api = useContext(RestTimerContext);
  if (!api) throw new Error("useRestTimer outside RestTimerProvider");
  return api;
}

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

const storageKey = (workoutId: string) => `rest-timer:${workoutId}`;

type Phase = { kind: "idle" } | { kind: "running"; endsAt: number; total: number } | { kind: "over" };

export function RestTimerProvider({ workoutId, children }: { workoutId: string; children: ReactNode }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState("");
  const audio = useRef<AudioContext | null>(null);

  // A rest under way when the screen was left (the picker's navigation, a reload) carries on.
  useEffect(() => {
    const saved = Number(sessionStorage.getItem(storageKey(workoutId)));
    if (saved > Date.now()) setPhase({ kind: "running", endsAt: saved, total: Math.ceil((saved - Date.now()) / 1000) });
  }, [workoutId]);

  const prime = useCallback(() => {
    const Audio = audioContextClass();
    if (!Audio) return;
    audio.current ??= new Audio();
    void audio.current.resume();
  }, []);

  const start = useCallback(
    (seconds: number) => {
      const endsAt = Date.now() + seconds * 1000;
      sessionStorage.setItem(storageKey(workoutId), String(endsAt));
      setNow(Date.now());
      setPhase({ kind: "running", endsAt, total: seconds });
      setAnnouncement(`Rest started: ${clock(seconds)}`);
    },
    [workoutId],
  );

  const stop = useCallback(() => {
    sessionStorage.removeItem(storageKey(workoutId));
    setPhase({ kind: "idle" });
    setAnnouncement("Rest skipped");
  }, [workoutId]);

  const extend = useCallback(() => {
    setPhase((p) => {
      if (p.kind !== "running") return p;
      const endsAt = p.endsAt + 30_000;
      sessionStorage.setItem(storageKey(workoutId), String(endsAt));
      return { ...p, endsAt, total: p.total + 30 };
    });
  }, [workoutId]);

  const endsAt = phase.kind === "running" ? phase.endsAt : null;
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t < endsAt) return;
      sessionStorage.removeItem(storageKey(workoutId));
      setPhase({ kind: "over" });
      setAnnouncement("");
      navigator.vibrate?.([200, 100, 200]);
      if (audio.current) beep(audio.current);
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt, workoutId]);

  const api = useMemo(() => ({ start, prime }), [start, prime]);
  const remaining = phase.kind === "running" ? Math.max(0, (phase.endsAt - now) / 1000) : 0;

  return (
    <RestTimerContext.Provider value={api}>
      {children}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {phase.kind === "idle" ? null : (
        <section aria-label="Rest timer" className="fixed inset-x-0 bottom-0 z-20 border-t border-zinc-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]">
          <div className="mx-auto flex max-w-xl items-center gap-3">
            {phase.kind === "running" ? (
              <>
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold uppercase tracking-widest text-zinc-600">Rest</p>
                  <p role="timer" aria-label="Rest remaining" className="font-display text-4xl font-bold tabular-nums">
                    {clock(remaining)}
                  </p>
                  <div className="mt-1 h-1.5 rounded bg-zinc-200" aria-hidden="true">
                    <div className="h-1.5 rounded bg-brand motion-safe:transition-[width] motion-safe:duration-300" style={{ width: `${(remaining / phase.total) * 100}%` }} />
                  </div>
                </div>
                <Button variant="secondary" onClick={extend}>
                  +30 s
                </Button>
                <Button variant="secondary" onClick={stop}>
                  Skip rest
                </Button>
              </>
            ) : (
              <>
                <p role="alert" className="flex-1 text-lg font-bold">
                  Rest over: time for your next set
                </p>
                <Button variant="secondary" onClick={() => setPhase({ kind: "idle" })}>
                  Dismiss
                </Button>
              </>
            )}
          </div>
        </section>
      )}
    </RestTimerContext.Provider>
  );
}
