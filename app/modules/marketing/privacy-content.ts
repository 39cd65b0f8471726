/** The text of /privacy (see legal-document.ts for what these texts are and are not). */
import { contact, external, link, list, p, type LegalDocument } from "./legal-document";

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
