// The listing gates' words and destinations, in a module of their own (no database code) so the
// pages can recognise a refusal and offer its OK button.

/**
 * The spec's messages (§8), word for word, and where each one's OK button leads: the packages
 * page, or the profile for an incomplete profile (§8), or the agent verification page when the
 * site asks for verification. A deactivated account also gets a way to
 * reach the admin, which is what its message asks for.
 */
export const GATES = {
  deactivated: {
    message: "Your Account have been Deactivetd by Admin. please connect them.",
    href: "/subscription-plan",
    help: "/contact",
  },
  profile: {
    message: "You have not completed your profile yet. Please complete first",
    href: "/user/profile",
  },
  verification: {
    message: "You have not completed profile verification. Please complete first",
    href: "/user/verification",
  },
  no_package: { message: "You have not subscribed. Please subscribe first", href: "/subscription-plan" },
  /** Subscribed, but no package held includes this feature. */
  feature_unavailable: { message: "Limit or Package Not Available", href: "/subscription-plan" },
  limit: { message: "Your Package Limit is Over. Please Purchase Package.", href: "/subscription-plan" },
} satisfies Record<string, { message: string; href: string; help?: string }>;

/** The gate a refusal message belongs to, if it is one. */
export function gateOfMessage(message: string): (typeof GATES)[keyof typeof GATES] | null {
  return Object.values(GATES).find((g) => g.message === message) ?? null;
}
