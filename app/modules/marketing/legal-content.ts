/**
 * The text of /privacy, /terms and /cookies: plain-language starting points for a UK
 * coaching business, not legal advice. The business should read them through before
 * relying on them, in particular the retention periods, the providers it actually
 * uses, and its own cancellation rules, and change `LEGAL_UPDATED` whenever it edits
 * them. Contact details are not written here: each page shows the ones in the site
 * settings (or points to the contact form when none are set).
 */

export const LEGAL_UPDATED = { iso: "2026-11-21", label: "21 November 2026" } as const;

/** Text, or a link inside it: `to` for a page of this site, `href` for another site. */
export type Inline = string | { text: string; to: string } | { text: string; href: string };

export type LegalBlock =
  | { kind: "p"; content: Inline[] }
  | { kind: "list"; items: Inline[][] }
  /** Named items, each with a few labelled facts (e.g. a cookie: what it does, how long it lasts). */
  | { kind: "entries"; entries: readonly { name: string; facts: readonly (readonly [label: string, value: string])[] }[] }
  /** The business's contact details from the site settings. */
  | { kind: "contact" };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  description: string;
  path: string;
  intro: string;
  sections: LegalSection[];
}

const p = (...content: Inline[]): LegalBlock => ({ kind: "p", content });
const list = (...items: (string | Inline[])[]): LegalBlock => ({ kind: "list", items: items.map((item) => (typeof item === "string" ? [item] : item)) });
const contact: LegalBlock = { kind: "contact" };
const link = (text: string, to: string): Inline => ({ text, to });
const external = (text: string, href: string): Inline => ({ text, href });

const SESSION_COOKIE = "better-auth.session_token";
const TOAST_COOKIE = "rl_toast";
const ICO_COMPLAINTS = "https://ico.org.uk/make-a-complaint/";

export function privacyPolicy(business: string): LegalDocument {
  return {
    title: "Privacy Policy",
    path: "/privacy",
    description: `How ${business} collects, uses and protects your personal data, including health information, and the rights you have under UK data protection law.`,
    intro: `This policy explains what personal data ${business} collects when you use this website, apply for coaching or train with us as a member, why we need it, and what rights you have. We have written it to be read, not skimmed past.`,
    sections: [
      {
        id: "who-we-are",
        title: "Who we are",
        blocks: [
          p(
            `${business} ("we", "us") provides personal training, group classes, nutrition coaching and online coaching. We are the controller of the personal data described in this policy, which means we decide how it is used and we are responsible for looking after it under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
          ),
          contact,
        ],
      },
      {
        id: "what-we-collect",
        title: "What we collect",
        blocks: [
          p("We only collect what we need to coach you well and to run the business:"),
          list(
            "Application form: your name, e-mail address, phone number, age, gender, current fitness level, goals, preferred training times and places, training experience, what you expect from coaching and how you heard about us.",
            "Health answers on the application form: any medical conditions and injuries you choose to tell us about.",
            "Member account: your name, e-mail address, profile details (location, interests, experience and goals), your password (stored only in a scrambled, one-way form we cannot read) and a record of when you signed in, with the device's IP address and browser type.",
            "Progress data you or your coach record in the member area: body weight, body-fat percentage, body measurements, workout logs, goals, and your training sessions, including cancellations.",
            "Messages you send us, for example by e-mail.",
          ),
          p("We do not use analytics, advertising or tracking tools on this website, and we never sell your data."),
        ],
      },
      {
        id: "health-data",
        title: "Your health information",
        blocks: [
          p(
            "Information about your health is \"special category data\" under the UK GDPR and gets extra protection. For us that means the medical conditions and injuries you mention in your application, and the progress data in the member area such as weight, body fat and measurements.",
          ),
          p(
            "We only use your health information with your explicit consent, which you give by ticking the consent box on the application form. As a member you decide what progress to record. We use this information to keep your training safe and to plan and adjust your programme, and for nothing else.",
          ),
          p(
            "You can withdraw your consent at any time by contacting us. We will then stop using that information and delete it unless the law requires us to keep it. Withdrawing consent does not affect what we did before, but without health information we may not be able to coach you safely, and we will tell you if that is the case.",
          ),
        ],
      },
      {
        id: "why-we-use-it",
        title: "Why we use it, and our lawful basis",
        blocks: [
          list(
            "To reply to your application and decide with you whether coaching suits you: because you asked us to, before entering into a contract (and, for health answers, your explicit consent).",
            "To provide your coaching and the member area: to perform our contract with you.",
            "To keep accounts secure and stop misuse of the website, for example by limiting repeated failed sign-ins: our legitimate interest in running a safe service.",
            "To keep financial and tax records: to meet our legal obligations.",
          ),
          p(
            "We will only send you news or offers if you have said you want them, and you can say no at any time. We do not make decisions about you by automated means alone.",
          ),
        ],
      },
      {
        id: "sharing",
        title: "Who we share it with",
        blocks: [
          p(
            `Your data is seen only by ${business} and the coaches who work with you. We use a small number of service providers ("processors") who handle data for us, on our written instructions and under contract:`,
          ),
          list(
            "Hosting: the provider that runs the server, database and file storage behind this website, as chosen by the business.",
            "E-mail delivery: the provider that sends our e-mails, such as replies, invitations and password resets, if the business uses one.",
            "Payments: the Direct Debit provider that collects your payments. It receives the details needed to set up and collect your Direct Debit, never your health information.",
          ),
          p(
            "We may also share information when the law requires it, or in an emergency to protect someone's life. If any provider stores data outside the UK, we make sure it is protected by UK adequacy regulations or approved contract terms.",
          ),
        ],
      },
      {
        id: "retention",
        title: "How long we keep it",
        blocks: [
          list(
            "Applications that do not lead to coaching: deleted within 12 months of the application.",
            "Your member account, profile and progress data: for as long as you are a member, then deleted or anonymised within 12 months after your coaching ends, unless you ask us to delete them sooner.",
            "Financial records: for as long as tax law requires, usually six years.",
            "Sign-in and security records: only as long as needed to keep accounts secure.",
          ),
        ],
      },
      {
        id: "security",
        title: "How we protect it",
        blocks: [
          p(
            "The website uses an encrypted connection, passwords are stored only in a one-way scrambled form, and member and health information is available only to you and to the people who coach you. Access to administration tools is limited by role.",
          ),
        ],
      },
      {
        id: "your-rights",
        title: "Your rights",
        blocks: [
          p("Under UK data protection law you have the right to:"),
          list(
            "Access: ask for a copy of the personal data we hold about you.",
            "Rectification: have anything inaccurate or incomplete corrected.",
            "Erasure: ask us to delete your data.",
            "Restriction: ask us to limit how we use your data.",
            "Portability: receive the data you gave us in a common, machine-readable format, or have it sent to someone else.",
            "Object: object to our use of your data where we rely on our legitimate interests.",
            "Withdraw consent: at any time, where we rely on your consent.",
          ),
          p(
            "Using these rights is free. We will reply within one month, and may ask you to confirm who you are first. Some rights have limits, for example we must keep financial records for as long as the law says; if so we will explain why.",
          ),
          p(
            "If you are unhappy with how we have handled your data, please tell us first so we can put it right. You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator: ",
            external("make a complaint on the ICO website", ICO_COMPLAINTS),
            " or call 0303 123 1113.",
          ),
        ],
      },
      {
        id: "cookies",
        title: "Cookies",
        blocks: [p("We use only the cookies that the website needs to work. Our ", link("Cookie Policy", "/cookies"), " lists them.")],
      },
      {
        id: "changes",
        title: "Changes to this policy",
        blocks: [p("If we change this policy we will update the date at the top of the page, and tell members about important changes by e-mail.")],
      },
      {
        id: "contact",
        title: "Contact us",
        blocks: [p("For any question about your data, or to use your rights:"), contact],
      },
    ],
  };
}

export function termsOfService(business: string): LegalDocument {
  return {
    title: "Terms of Service",
    path: "/terms",
    description: `The terms for using the ${business} website and coaching services: your health declaration, payments by Direct Debit, cancellations, liability and governing law.`,
    intro: `These terms apply when you use this website and when you train with ${business}. Please read them before you start. If anything is unclear, ask us: we would rather explain now than disagree later.`,
    sections: [
      {
        id: "about",
        title: "About these terms",
        blocks: [
          p(
            `"We" and "us" means ${business}; "you" means you, the person using the website or the coaching services. By applying for coaching or using the member area you agree to these terms. Your rights as a consumer under UK law are not affected by them.`,
          ),
          contact,
        ],
      },
      {
        id: "services",
        title: "Our coaching services",
        blocks: [
          p(
            "We offer personal training, group classes, nutrition coaching, online coaching and the Warrior Prep programme. Our ",
            link("services page", "/services"),
            " describes each package. Before you start, we confirm in writing what your package includes, what it costs and when you will pay.",
          ),
          p(
            "Submitting the application form does not create a contract. It starts a conversation: the contract begins when we both agree to go ahead and we have confirmed the details to you.",
          ),
        ],
      },
      {
        id: "health",
        title: "Your health and safety",
        blocks: [
          p(
            "Exercise and changes to your diet carry some risk. Before you start any new training or nutrition programme, please consult your doctor, especially if you have a medical condition or an injury, are pregnant or have recently given birth, take regular medication, or have not exercised for a long time.",
          ),
          p("Your health declaration: by applying you confirm that:"),
          list(
            "the health information you give us is true and complete, to the best of your knowledge;",
            "you will tell us straight away about any change, such as a new injury, illness, pregnancy or medication;",
            "you will stop and tell your coach if you feel pain, dizziness, chest pain or unusual shortness of breath, and seek medical help if you need it.",
          ),
          p(
            "Our coaching and nutrition guidance is about fitness and general healthy eating. It is not medical advice, diagnosis or treatment, and it does not replace advice from your doctor, a physiotherapist or a registered dietitian.",
          ),
        ],
      },
      {
        id: "accounts",
        title: "Member accounts",
        blocks: [
          p(
            "Member accounts are created by us when you join. Keep your password to yourself and tell us if you think someone else has used your account. The articles, videos, meal plans and other material in the member area are for your own personal use: please do not copy or share them.",
          ),
        ],
      },
      {
        id: "payments",
        title: "Payments",
        blocks: [
          p(
            "Payments are collected by Direct Debit through a payment provider. Before the first collection you will be told the amount and the dates. Direct Debits are protected by the Direct Debit Guarantee: if an error is made in the amount or date of a payment, you are entitled to an immediate refund from your bank.",
          ),
          p("Prices are shown on our website and confirmed before you start. If a price changes, we will tell you in advance, and you may cancel before the new price applies."),
        ],
      },
      {
        id: "cancellations",
        title: "Cancellations",
        blocks: [
          p(
            "You can cancel your coaching by telling us. How much notice to give, and what happens to sessions cancelled or missed at short notice, is set by us for each package and confirmed to you in writing before you start. We will never charge you a fee that was not agreed with you in advance.",
          ),
          p(
            "If you sign up online or by phone without meeting us, you normally have 14 days to change your mind. If you ask us to start coaching within those 14 days and then cancel, we may ask you to pay for the coaching already provided.",
          ),
          p(
            "We may pause or end your coaching if you seriously or repeatedly break these terms, if you do not pay, or if we believe training would be unsafe for you. If we end it, we will refund any payment for coaching you have not yet received.",
          ),
        ],
      },
      {
        id: "results",
        title: "Results",
        blocks: [
          p(
            "We will coach you with skill and care, but results depend on many things we cannot control, such as your health, effort, sleep and nutrition outside our sessions. We cannot guarantee any particular result. The stories on our ",
            link("transformations page", "/transformations"),
            " show what a programme can look like; your results will be your own.",
          ),
        ],
      },
      {
        id: "liability",
        title: "Our liability",
        blocks: [
          p(
            "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit.",
          ),
          p(
            "Otherwise, we are responsible for loss or damage you suffer that is a foreseeable result of us breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable, or for loss caused by you not following your coach's instructions or not telling us about your health. Our services are for private use: we are not liable for any business losses.",
          ),
        ],
      },
      {
        id: "website",
        title: "Using this website",
        blocks: [
          p(
            "Please do not misuse the website, for example by trying to get into accounts that are not yours or by interfering with how it works. We work to keep it available and accurate, but we may change or pause it from time to time.",
          ),
        ],
      },
      {
        id: "privacy",
        title: "Your personal data",
        blocks: [p("Our ", link("Privacy Policy", "/privacy"), " explains how we look after your personal data, including your health information.")],
      },
      {
        id: "changes",
        title: "Changes to these terms",
        blocks: [
          p(
            "We may update these terms, for example when our services or the law change. We will update the date at the top of the page, and tell members about important changes before they take effect.",
          ),
        ],
      },
      {
        id: "law",
        title: "Governing law",
        blocks: [
          p(
            "These terms are governed by the law of England and Wales, and disputes will be dealt with by the courts of England and Wales. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local courts.",
          ),
        ],
      },
      {
        id: "contact",
        title: "Contact us",
        blocks: [contact],
      },
    ],
  };
}

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
