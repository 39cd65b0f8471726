/** The header's links (the mobile menu adds Articles). */
export const mainNav = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/about", label: "About" },
  { to: "/transformations", label: "Transformations" },
  { to: "/contact", label: "Contact" },
] as const;

export const mobileNav = [...mainNav, { to: "/content", label: "Articles" }] as const;
