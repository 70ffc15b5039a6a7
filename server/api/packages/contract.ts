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
  /** Subscribed, but no package held includes this feature; `gateOf` words it per feature. */
  feature_unavailable: { message: "Limit or Package Not Available", href: "/subscription-plan" },
  limit: { message: "Your Package Limit is Over. Please Purchase Package.", href: "/subscription-plan" },
} satisfies Record<string, { message: string; href: string; help?: string }>;

export type GateReason = keyof typeof GATES;
export type GateWords = { message: string; href: string; help?: string };

/** The package features (spec §6), as the database lists them (contract.test.ts holds the two equal). */
export const PACKAGE_FEATURE_TYPES = [
  "property_list",
  "property_feature",
  "project_list",
  "project_feature",
  "mortgage_calculator_detail",
  "premium_properties",
  "project_access",
] as const;
export type PackageFeatureType = (typeof PACKAGE_FEATURE_TYPES)[number];

/**
 * The spec's per-type 'Limit or Package Not Available' (§8): its words first, so anyone matching
 * the old message still finds them, then the feature the person's packages lack, named as the
 * packages page names it (`feature_<type>` in the dictionaries), where the OK button leads.
 */
export const FEATURE_UNAVAILABLE: Record<PackageFeatureType, string> = {
  property_list: "Limit or Package Not Available: Property listings",
  property_feature: "Limit or Package Not Available: Featured properties",
  project_list: "Limit or Package Not Available: Project listings",
  project_feature: "Limit or Package Not Available: Featured projects",
  mortgage_calculator_detail: "Limit or Package Not Available: Mortgage amortization table",
  premium_properties: "Limit or Package Not Available: Premium properties",
  project_access: "Limit or Package Not Available: Project details",
};

/** A gate's words for a feature: the per-type message when the missing thing is that feature. */
export function gateOf(reason: GateReason, type: PackageFeatureType): GateWords {
  const gate: GateWords = GATES[reason];
  return reason === "feature_unavailable" ? { ...gate, message: FEATURE_UNAVAILABLE[type] } : gate;
}

/** The gate a refusal message belongs to, if it is one. */
export function gateOfMessage(message: string): GateWords | null {
  const gate: GateWords | undefined = Object.values(GATES).find((g) => g.message === message);
  if (gate) return gate;
  return Object.values(FEATURE_UNAVAILABLE).includes(message)
    ? { ...GATES.feature_unavailable, message }
    : null;
}
