import { ChevronLeft, ChevronRight } from "lucide-react";
import { Children, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { cn } from "./cn";

const SWIPE_THRESHOLD_PX = 40;

/** Visible slides: 3 at ≥1280 px, 2 at ≥1024 px, else 1 (the spec's breakpoints). */
function subscribe(onChange: () => void) {
  const queries = [window.matchMedia("(min-width: 1280px)"), window.matchMedia("(min-width: 1024px)")];
  queries.forEach((q) => q.addEventListener("change", onChange));
  return () => queries.forEach((q) => q.removeEventListener("change", onChange));
}
function visibleNow(): number {
  if (window.matchMedia("(min-width: 1280px)").matches) return 3;
  if (window.matchMedia("(min-width: 1024px)").matches) return 2;
  return 1;
}
export function useVisibleSlides(): number {
  return useSyncExternalStore(subscribe, visibleNow, () => 1);
}

/** Page count is ceil(items / visible); moving past either end wraps around. */
export function pageCount(items: number, visible: number): number {
  return Math.max(1, Math.ceil(items / visible));
}
export function wrapPage(page: number, pages: number): number {
  return ((page % pages) + pages) % pages;
}

interface CarouselProps {
  label: string;
  children: ReactNode;
  /** Shows 'n / total' beside the dots. */
  showCounter?: boolean;
  className?: string;
}

/**
 * Paged carousel: previous/next buttons, dots, optional counter, arrow keys,
 * swipe on touch. Slides outside the current page are inert, so keyboard and
 * screen-reader users meet only what is shown.
 */
export function Carousel({ label, children, showCounter = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const visible = useVisibleSlides();
  const pages = pageCount(slides.length, visible);
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  const touchStart = useRef<number | null>(null);
  // The server cannot know the screen width: until the browser has measured it, no slide is made inert.
  const [measured, setMeasured] = useState(false);
  useEffect(() => setMeasured(true), []);

  useEffect(() => setPage((p) => Math.min(p, pages - 1)), [pages]);

  const go = useCallback((next: number) => setPage(wrapPage(next, pages)), [pages]);

  return (
    // Arrow keys pressed on the carousel's own buttons page through it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={cn("relative", className)}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") go(current - 1);
        if (event.key === "ArrowRight") go(current + 1);
      }}
    >
      <div
        className="overflow-hidden"
        onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const end = event.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
          go(end < start ? current + 1 : current - 1);
        }}
      >
        <div
          // The slide's transition in a class, not the style attribute: an inline transition would outrank motion-reduce.
          className="flex transition-transform duration-500 ease-in-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {slides.map((slide, index) => {
            const onPage = Math.floor(index / visible) === current;
            return (
              <div
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
                inert={measured && !onPage}
                className="w-full shrink-0 px-3 lg:w-1/2 xl:w-1/3"
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-8 flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => go(current - 1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100"
          aria-label="Previous slide"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <div className="flex items-center gap-1">
          {Array.from({ length: pages }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => go(index)}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current ? "true" : undefined}
              className="group inline-flex size-11 items-center justify-center"
            >
              <span className={cn("block h-2.5 rounded-full transition-all", index === current ? "w-8 bg-brand" : "w-2.5 bg-zinc-400 group-hover:bg-zinc-600")} />
            </button>
          ))}
        </div>
        {showCounter ? (
          <p className="min-w-12 text-center text-sm font-semibold tabular-nums text-zinc-700" aria-live="polite">
            {current + 1} / {pages}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => go(current + 1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100"
          aria-label="Next slide"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
