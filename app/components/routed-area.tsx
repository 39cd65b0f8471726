import type { AnchorHTMLAttributes, FormEvent, MouseEvent, ReactNode } from "react";
import { useNavigate, useSubmit } from "react-router";

/** Left click without a modifier on a link that opens here: the router's own test for a link click. */
function opensHere(event: MouseEvent, anchor: HTMLAnchorElement) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && !modified && (!anchor.target || anchor.target === "_self") && !anchor.hasAttribute("download");
}

/**
 * Client-side navigation for the plain links and forms inside one element (decision 0183):
 * one click handler and one submit handler, in place of a router Link or Form per row,
 * whose hooks cost /coach a tenth of its server time. Links are `AreaLink`s; forms are plain
 * `<form method="post">`, sent to the page's own address as a router Form's are. Without
 * JavaScript both work as they are. Spread on the element: `<header {...useRoutedArea()}>`.
 */
export function useRoutedArea() {
  const navigate = useNavigate();
  const submit = useSubmit();
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      const anchor = (event.target as Element).closest<HTMLAnchorElement>("a[data-discover]");
      if (event.defaultPrevented || !anchor || !event.currentTarget.contains(anchor) || !opensHere(event, anchor)) return;
      event.preventDefault();
      const to = anchor.pathname + anchor.search + anchor.hash;
      void navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    },
    onSubmit(event: FormEvent<HTMLElement>) {
      if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      // The button pressed goes with the form, its name and value among the fields, as a router Form sends it.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      void submit(submitter ?? event.target);
    },
  };
}

/** A `<div>` with `useRoutedArea`'s handlers. */
export function RoutedArea({ className, children }: { className?: string; children: ReactNode }) {
  // The click handler only takes over the links inside, which keep their own keyboard use.
  return (
    <div className={className} {...useRoutedArea()}>
      {children}
    </div>
  );
}

/** NavLink's rule for its active state: this page, or (unless `end`) a page below it; letter case and a trailing slash aside. */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const below = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(below) === "/");
}

/** A link inside a RoutedArea: a plain anchor, marked for the router's route discovery as its Link is. */
export function AreaLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a href={href} {...rest} data-discover="true">
      {children}
    </a>
  );
}
