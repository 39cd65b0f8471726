/** Every public marketing page: the sitemap lists them and the tests walk them. */
export const publicPages = [
  { path: "/", heading: "Train With Relentless Intensity" },
  { path: "/services", heading: "Services & Packages" },
  { path: "/services/personal-training", heading: "Personal Training" },
  { path: "/services/group-classes", heading: "Group Classes" },
  { path: "/services/nutrition-coaching", heading: "Nutrition Coaching" },
  { path: "/services/warrior-prep", heading: "Warrior Prep" },
  { path: "/about", heading: "From Ordinary to Extraordinary" },
  { path: "/transformations", heading: "Client Transformations" },
  { path: "/contact", heading: "Get In Touch" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/cookies", heading: "Cookie Policy" },
] as const;
