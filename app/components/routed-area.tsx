import type { AnchorHTMLAttributes, FormEvent, MouseEvent, ReactNode } from "react";
import { useNavigate, useSubmit } from "react-router";

/** Left click without a modifier on a link that opens here: the router's own test for a link click. */
function opensHere(event: MouseEvent, anchor: HTMLAnchorElement) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && !modified && (!anchor.target || anchor.target === "_self") && !anchor.hasAttribute("download");
}

/**
 * Client-side navigation for a long list's plain links and forms (decision 0183): one click handler
 * and one submit handler on the area, in place of a router Link or Form per row, whose hooks cost
 * /coach a tenth of its server time. Links are `AreaLink`s; forms are plain `<form method="post">`,
 * sent to the page's own address as a router Form's are. Without JavaScript both work as they are.
 */
export function RoutedArea({ className, children }: { className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as Element).closest<HTMLAnchorElement>("a[data-discover]");
    if (event.defaultPrevented || !anchor || !event.currentTarget.contains(anchor) || !opensHere(event, anchor)) return;
    event.preventDefault();
    const to = anchor.pathname + anchor.search + anchor.hash;
    void navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  }
  function onSubmit(event: FormEvent<HTMLDivElement>) {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    // The button pressed goes with the form, its name and value among the fields, as a router Form sends it.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    void submit(submitter ?? event.target);
  }
  return (
    // The click handler only takes over the links inside, which keep their own keyboard use.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={className} onClick={onClick} onSubmit={onSubmit}>
      {children}
    </div>
  );
}

/** A link inside a RoutedArea: a plain anchor, marked for the router's route discovery as its Link is. */
export function AreaLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a href={href} {...rest} data-discover="true">
      {children}
    </a>
  );
}
