/** The text of /cookies (see legal-document.ts for what these texts are and are not). */
import { contact, link, p, type LegalDocument } from "./legal-document";

const SESSION_COOKIE = "better-auth.session_token";
const TOAST_COOKIE = "rl_toast";

export function cookiePolicy(business: string): LegalDocument {
  return {
    title: "Cookie Policy",
    path: "/cookies",
    description: `The cookies the ${business} website uses: only strictly necessary ones for signing in and one-time notifications. No advertising or tracking cookies.`,
    intro: "Short version: this website uses only the cookies it needs to work. There are no advertising, analytics or tracking cookies, which is why we do not show you a cookie banner.",
    sections: [
      {
        id: "what-are-cookies",
        title: "What cookies are",
        blocks: [
          p(
            "Cookies are small text files that a website asks your browser to store. They let the site remember something between one page and the next, such as the fact that you are signed in.",
          ),
        ],
      },
      {
        id: "cookies-we-use",
        title: "The cookies we use",
        blocks: [
          p("All of our cookies are strictly necessary. They are set by this website itself, cannot be read by scripts on the page and are never used to track you:"),
          {
            kind: "entries",
            entries: [
              {
                name: SESSION_COOKIE,
                facts: [
                  [
                    "What it does",
                    "The session cookie for signed-in members: it keeps you signed in to the member area. It is only set when you sign in. On a secure connection its name begins with __Secure-.",
                  ],
                  ["How long it lasts", "Until you sign out, or 30 days without a visit"],
                ],
              },
              {
                name: TOAST_COOKIE,
                facts: [
                  ["What it does", "Carries a one-time notification, such as a confirmation that you have signed out, to the next page you see. On a secure connection its name begins with __Host-."],
                  ["How long it lasts", "Deleted once shown, and after 60 seconds at most"],
                ],
              },
            ],
          },
        ],
      },
      {
        id: "no-tracking",
        title: "No advertising or tracking cookies",
        blocks: [
          p(
            "We do not use analytics, advertising, social media tracking or any other third-party cookies. Some pages can show a post from a social network, but it loads only when you choose to load it; that network may then set its own cookies, under its own policy.",
          ),
        ],
      },
      {
        id: "no-banner",
        title: "Why there is no cookie banner",
        blocks: [
          p(
            "The law (the Privacy and Electronic Communications Regulations) requires consent for cookies, except for those that are strictly necessary to provide a service you have asked for. Signing in and showing you a notification are exactly that, so there is nothing for us to ask. If we ever add any other kind of cookie, we will ask for your consent first and update this policy.",
          ),
        ],
      },
      {
        id: "managing",
        title: "Managing cookies",
        blocks: [
          p(
            "You can see and delete cookies in your browser's settings. If you block our cookies the public pages will still work, but you will not be able to sign in to the member area. Our ",
            link("Privacy Policy", "/privacy"),
            " explains how we handle personal data in general.",
          ),
        ],
      },
      {
        id: "contact",
        title: "Questions",
        blocks: [p("If you have any question about cookies on this website:"), contact],
      },
    ],
  };
}
