// The console's sections, in the order of the side menu. Counts come from admin/overview.
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview" },
  { to: "/admin/properties", label: "Properties", count: "pending_properties" },
  { to: "/admin/projects", label: "Projects", count: "pending_projects" },
  { to: "/admin/advertisements", label: "Featured listings", count: "pending_advertisements" },
  { to: "/admin/reports", label: "Reports", count: "open_reports" },
  { to: "/admin/verifications", label: "Agent verification", count: "pending_verifications" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/photo-sessions", label: "Photo shoots" },
  { to: "/admin/packages", label: "Packages" },
  { to: "/admin/payments", label: "Payments", count: "payments_in_review" },
  { to: "/admin/notifications", label: "Send a notification" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/languages", label: "Languages" },
  { to: "/admin/home", label: "Home page" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

export type AdminCountKey = Extract<(typeof ADMIN_SECTIONS)[number], { count: string }>["count"];
