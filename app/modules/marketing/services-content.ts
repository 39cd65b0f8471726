/**
 * The structured content of /services and the four service pages, as the spec's texts
 * (SPEC.md section 9); the descriptions are plain copy without invented figures. The
 * packages and their prices are products in the database (decision 0132), the class types
 * and timetable too (decision 0100).
 */
import {
  Brain,
  CalendarClock,
  ChartLine,
  ClipboardList,
  Dumbbell,
  Flame,
  HeartPulse,
  MessageCircle,
  Move,
  PiggyBank,
  Repeat,
  Salad,
  Scale,
  ShieldCheck,
  Target,
  UserCheck,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ImageKey } from "./images";

/** The four service detail pages, as linked from /services. */
export const serviceLinks = [
  { to: "/services/personal-training", title: "Personal Training", text: "One-to-one sessions built around your body, your goals and your schedule." },
  { to: "/services/group-classes", title: "Group Classes", text: "Small groups, big energy: HIIT, strength, functional fitness and core." },
  { to: "/services/nutrition-coaching", title: "Nutrition Coaching", text: "Eat for the results you train for, with a plan you can keep." },
  { to: "/services/warrior-prep", title: "Warrior Prep", text: "A demanding programme that builds body and mind for any challenge." },
] as const;

// ── Personal Training ───────────────────────────────────────────────────────

export const personalTrainingBenefits = [
  "A programme written for your body, your goals and your schedule",
  "Coaching on technique in every session, so you train safely",
  "Accountability that keeps you turning up week after week",
  "Progress tracked and your plan adjusted as you improve",
  "Sessions that fit around work and family",
  "Nutrition guidance that supports your training",
];

/** A titled card with an icon: features, benefits and pillars. */
export interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

export const personalTrainingFeatures: Feature[] = [
  { icon: ClipboardList, title: "Custom Programming", text: "Every session has a purpose. Your plan is written for you and changes as you do." },
  { icon: UserCheck, title: "Form & Technique", text: "We teach you to move well first, then load it. Good form is how you keep training." },
  { icon: ChartLine, title: "Progress Tracking", text: "Lifts, measurements and how you feel, recorded so we can see what is working." },
  { icon: CalendarClock, title: "Flexible Scheduling", text: "Early mornings, lunchtimes or evenings: we find session times that suit your week." },
];

// ── Group Classes ───────────────────────────────────────────────────────────

export const groupClassBenefits: Feature[] = [
  { icon: Flame, title: "Shared Energy", text: "Training next to people who are working just as hard pushes you further than training alone." },
  { icon: Target, title: "Expert Coaching", text: "Small groups mean a coach sees your technique and corrects it during the session." },
  { icon: Users, title: "Real Community", text: "The same faces each week: people who notice when you miss a session and cheer when you hit a goal." },
  { icon: PiggyBank, title: "Great Value", text: "Coached training for less than the cost of one-to-one sessions." },
];

/** A class type as its card shows it; the types and the timetable themselves are in the database (decision 0100, migration 0023). */
export interface ClassType {
  name: string;
  duration: string;
  intensity: string;
  maxParticipants: number;
  description: string;
}

export interface ScheduleRow {
  day: string;
  time: string;
  className: ClassType["name"];
}

// ── Nutrition Coaching ──────────────────────────────────────────────────────

export const nutritionFeatures: Feature[] = [
  { icon: Salad, title: "Personalised Nutrition Plan", text: "Built around the food you like, your routine and your goal, not a one-size-fits-all diet." },
  { icon: Scale, title: "Calorie & Macro Guidance", text: "Clear targets explained simply, so you know what to eat and why." },
  { icon: MessageCircle, title: "Regular Check-ins", text: "We review how the week went and adjust the plan together." },
  { icon: Repeat, title: "Habit Coaching", text: "Small, steady changes to shopping, cooking and eating out that last beyond the programme." },
];

// ── Warrior Prep ────────────────────────────────────────────────────────────

export const warriorPillars: Feature[] = [
  { icon: Dumbbell, title: "Strength", text: "Heavy, well-coached lifts that build a body able to handle hard work." },
  { icon: HeartPulse, title: "Conditioning", text: "The engine to keep going when it gets hard, and to recover quickly." },
  { icon: Move, title: "Mobility", text: "Moving through a full range, so you stay strong and stay training." },
  { icon: Brain, title: "Mental Toughness", text: "Learning to stay calm and keep going when every part of you wants to stop." },
  { icon: Users, title: "Teamwork", text: "Nobody finishes alone. You train, struggle and win as a team." },
  { icon: ShieldCheck, title: "Discipline", text: "Turning up, doing the work and keeping your standards, week after week." },
];

export const warriorPhotos: Array<{ image: ImageKey; caption: string }> = [
  { image: "warrior-conditioning", caption: "Conditioning: building the engine to keep going." },
  { image: "warrior-strength", caption: "Strength: coached lifting, done properly." },
  { image: "warrior-team", caption: "Team: nobody finishes alone." },
  { image: "warrior-mindset", caption: "Mindset: calm under pressure." },
];

export const warriorSchedule = [
  { day: "Monday", time: "7-8 PM" },
  { day: "Wednesday", time: "7-8 PM" },
  { day: "Saturday", time: "9-10 AM" },
];

export const warriorExpectations = [
  "Hard, honest work in every session",
  "Technique coached before intensity is added",
  "Every exercise scaled to your current level",
  "A team that pushes you and has your back",
  "Coaches who tell you the truth about your effort",
  "Bring water, a towel and training shoes",
];
