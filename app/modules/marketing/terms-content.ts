/** The text of /terms (see legal-document.ts for what these texts are and are not). */
import { contact, link, list, p, type LegalDocument } from "./legal-document";

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
