// Answers of the admin console's calls (decision 019).
import { z } from "zod";
import { paymentStatusEnum, reportStatusEnum } from "../../db/schema";
import {
  count,
  dateTime,
  Image,
  int,
  ListingStatus,
  minor,
  named,
  RequestStatus,
  VerificationStatus,
} from "../output";
import { AdvertisementStatus } from "../advertisements/output";
import { HomeSectionKey } from "../home/output";
import { HeldPackage, PackageFeature } from "../packages/output";
import { PropertyStatus, PropertyType } from "../listings/property/output";
import { ProjectType } from "../listings/project/output";
import { Profile } from "../users/output";
import { VerificationAnswer } from "../verification/output";
import { SECRET_SETTING_KEYS } from "../settings/contract";
import { GATEWAY_SETTING_KEYS } from "../payments/settings";

/** A person as lists in the console name them. */
const Person = z.object({ id: int, name: z.string(), email: z.string().nullable() });

/** `admin/overview`: what waits for an admin. */
export const Overview = z.object({
  pending_properties: count,
  pending_projects: count,
  pending_advertisements: count,
  open_reports: count,
  pending_verifications: count,
  payments_in_review: count,
  users_total: count,
  deactivated_users: count,
});

/** A line of the audit log: who did what, and the record before and after. */
export const AuditEntry = z.object({
  id: int,
  admin_uid: z.string(),
  admin_email: z.string().nullable(),
  admin_user_id: int.nullable(),
  /** A verb with its object: property.approve, user.deactivate… */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The record as it was and as it became (JSON of any shape; secrets masked). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: dateTime,
});

const Secret = z.object({
  set: z.boolean(),
  masked: z.string().nullable(),
  source: z.enum(["settings", "environment"]).nullable(),
});

/** `admin/settings`, `admin/save-settings`: every setting; secrets only masked, with whether one is set. */
export const AdminSettings = named(
  "AdminSettings",
  z.object({
    company_name: z.string(),
    company_email: z.string(),
    company_tel1: z.string(),
    company_address: z.string(),
    currency_code: z.string(),
    currency_symbol: z.string(),
    currency_name: z.string(),
    number_with_suffix: z.boolean(),
    verification_required_for_user: z.boolean(),
    auto_approve: z.boolean(),
    demo_mode: z.boolean(),
    starter_package: z.boolean(),
    bank_transfer_status: z.boolean(),
    default_language: z.string(),
    svg_clr: z.string(),
    web_placeholder_logo: z.string(),
    web_placeholder_logo_is_default: z.boolean(),
    stripe_publishable_key: z.string(),
    paystack_public_key: z.string(),
    flutterwave_public_key: z.string(),
    paypal_client_id: z.string(),
    paypal_mode: z.enum(["sandbox", "live"]),
    bank_transfer_details: z.string(),
    secrets: z.object(
      Object.fromEntries(SECRET_SETTING_KEYS.map((k) => [k, Secret])) as Record<
        (typeof SECRET_SETTING_KEYS)[number],
        typeof Secret
      >,
    ),
    /** Gateway keys with no stored value that the server's environment sets. */
    environment: z.array(z.enum(GATEWAY_SETTING_KEYS)),
    languages: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        name_in_english: z.string(),
        status: z.boolean(),
        is_default: z.boolean(),
      }),
    ),
  }),
  "Every setting as the console's form shows it; secrets only masked",
);

export const AdminLanguage = z.object({
  id: int,
  code: z.string(),
  name: z.string(),
  name_in_english: z.string(),
  rtl: z.boolean(),
  status: z.boolean(),
  is_default: z.boolean(),
});

/** `admin/languages`: also whether the site has the language's translation file. */
export const AdminLanguages = z.array(AdminLanguage.extend({ has_translations: z.boolean() }));

export const HomeSections = z.array(z.object({ key: HomeSectionKey, visible: z.boolean() }));

/** `admin/home`: the slides, whether each is shown, and the home page's sections. */
export const AdminHome = z.object({
  slides: z.array(
    z.object({
      id: int,
      title: z.string(),
      title_ar: z.string(),
      status: z.boolean(),
      sequence: int,
      target: z
        .object({
          type: z.enum(["property", "project"]),
          id: int,
          slug_id: z.string(),
          title: z.string(),
          public: z.boolean(),
        })
        .nullable(),
      /** A small WebP of its picture. */
      image: z.string().nullable(),
      own_image: z.boolean(),
      /** The home page shows it now. */
      shown: z.boolean(),
    }),
  ),
  sections: HomeSections,
  max_slides: int,
});

export const SavedHomeSections = z.object({ sections: HomeSections });

/** `admin/send-notification`: how many were told, and how many of them by push. */
export const Broadcast = z.object({ recipients: count, to_push: count });

/** A package as the console shows and edits it. */
export const AdminPackage = named(
  "AdminPackage",
  z.object({
    id: int,
    name: z.string(),
    name_ar: z.string().nullable(),
    price_minor: minor,
    /** The price in major units ("49.00"). */
    price: z.string(),
    currency: z.string(),
    validity_days: int,
    is_free: z.boolean(),
    once_per_user: z.boolean(),
    status: z.enum(["on_sale", "retired"]),
    features: z.array(PackageFeature),
    /** People holding it now. */
    holders: count,
    /** The package every new account gets. */
    is_starter: z.boolean(),
    /** Nobody ever held or paid for it. */
    deletable: z.boolean(),
    created_at: dateTime,
    updated_at: dateTime,
  }),
  "A package as the console shows and edits it",
);

const PaymentStatus = z.enum(paymentStatusEnum.enumValues);

export const AdminPayment = z.object({
  id: int,
  order_id: z.string(),
  user: Person,
  package: z.object({ id: int, name: z.string() }),
  amount_minor: minor,
  currency: z.string(),
  payment_gateway: z.string(),
  status: PaymentStatus,
  reason: z.string().nullable(),
  /** The console's page of a bank transfer's receipt. */
  receipt_url: z.string().nullable(),
  created_at: dateTime,
  updated_at: dateTime,
});

export const ReviewedPayment = z.object({
  id: int,
  status: PaymentStatus,
  reason: z.string().nullable(),
  user_package_id: int.nullable(),
});

export const AdminVerificationRow = z.object({
  id: int,
  status: VerificationStatus,
  reason: z.string().nullable(),
  created_at: dateTime,
  decided_at: dateTime.nullable(),
  user: z.object({ id: int, name: z.string(), email: z.string().nullable(), type: z.string() }),
});

export const AdminVerification = z.object({
  id: int,
  status: VerificationStatus,
  reason: z.string().nullable(),
  created_at: dateTime,
  decided_at: dateTime.nullable(),
  /** The admin who decided, by name. */
  decided_by: z.string().nullable(),
  /** False once a later application replaced it. */
  latest: z.boolean(),
  user: z.object({
    id: int,
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    type: z.string(),
    verification_status: VerificationStatus,
  }),
  answers: z.array(VerificationAnswer),
});

export const DecidedVerification = z.object({
  id: int,
  user_id: int,
  status: VerificationStatus,
  reason: z.string().nullable(),
  decided_at: dateTime,
});

/** A property or project in the review queue (both kinds in one shape). */
export const AdminListing = z.object({
  kind: z.enum(["property", "project"]),
  id: int,
  title: z.string(),
  slug_id: z.string(),
  description: z.string(),
  owner: Person,
  category: z.object({ id: int, category: z.string() }),
  city: z.string(),
  /** Properties only (null for projects), as the next three. */
  price: z.number().nullable(),
  property_type: PropertyType.nullable(),
  property_status: PropertyStatus.nullable(),
  /** Projects only. */
  project_type: ProjectType.nullable(),
  created_at: dateTime,
  request_status: RequestStatus,
  status: ListingStatus,
  reject_reason: z.string().nullable(),
  image: Image.nullable(),
  /** Where the public sees it (only while it is public). */
  link: z.string(),
  is_public: z.boolean(),
});

export const ReviewedListing = z.object({
  id: int,
  kind: z.enum(["property", "project"]),
  request_status: z.enum(["approved", "rejected"]),
  changed: z.boolean(),
});
export const SwitchedListing = z.object({
  id: int,
  kind: z.enum(["property", "project"]),
  status: ListingStatus,
  changed: z.boolean(),
});

export const AdminAdvertisement = z.object({
  id: int,
  feature_for: z.enum(["property", "project"]),
  status: AdvertisementStatus,
  /** Featured on the site now. */
  running: z.boolean(),
  start_date: dateTime,
  end_date: dateTime,
  reject_reason: z.string().nullable(),
  created_at: dateTime,
  owner: Person,
  listing: z
    .object({
      id: int,
      title: z.string(),
      slug_id: z.string(),
      request_status: RequestStatus,
      status: ListingStatus,
      link: z.string(),
      is_public: z.boolean(),
    })
    .nullable(),
});

export const ReviewedAdvertisement = z.object({ id: int, status: AdvertisementStatus, changed: z.boolean() });

export const AdminReport = z.object({
  id: int,
  status: z.enum(reportStatusEnum.enumValues),
  resolution: z.string().nullable(),
  resolved_at: dateTime.nullable(),
  created_at: dateTime,
  /** The reason in the admin's language; null for a reason of the reporter's own words. */
  reason: z.string().nullable(),
  other_message: z.string().nullable(),
  /** A report is about exactly one of: a listing (with its owner), a person, or the team (to_admin). */
  listing: z
    .object({
      id: int,
      title: z.string(),
      slug_id: z.string(),
      request_status: RequestStatus,
      status: ListingStatus,
      owner: Person.extend({ is_active: z.boolean() }),
    })
    .nullable(),
  /** The reported person; type tells whether they have a public agent page. */
  person: Person.extend({ is_active: z.boolean(), type: z.string() }).nullable(),
  to_admin: z.boolean(),
  reporter: Person,
  /** Open reports of the same listing, person or team. */
  open_for_target: count,
});

export const ResolvedReport = z.object({
  id: int,
  status: z.enum(["dismissed", "actioned"]),
  resolution: z.enum(["dismiss", "deactivate_listing", "deactivate_owner", "deactivate_user"]),
  /** Every report answered by it (all open ones of the listing or person, unless dismissed). */
  resolved_reports: z.array(int),
  property_id: int.nullable(),
  to_user_id: int.nullable(),
  to_admin: z.boolean(),
});

export const Inbox = z.object({
  messages: z.array(
    z.object({
      id: int,
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      /** new or handled. */
      status: z.string(),
      user_id: int.nullable(),
      created_at: dateTime,
    }),
  ),
  messages_total: count,
  new_messages: count,
  /** People who blocked the team. */
  blocks: z.array(z.object({ id: int, reason: z.string().nullable(), created_at: dateTime, user: Person })),
  blocks_total: count,
  blocks_limit: int,
});

export const ContactMessageStatus = z.object({ id: int, status: z.enum(["new", "handled"]) });

export const AdminUserRow = z.object({
  id: int,
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  type: z.string(),
  is_active: z.boolean(),
  deactivated_reason: z.string().nullable(),
  verification_status: VerificationStatus,
  created_at: dateTime,
  properties_count: count,
  projects_count: count,
});

const OwnListingRow = {
  id: int,
  title: z.string(),
  slug_id: z.string(),
  request_status: RequestStatus,
  status: ListingStatus,
  created_at: dateTime,
};

export const AdminUser = z.object({
  /** is_admin: one of the marketplace's own team (their listings say so). */
  user: Profile.omit({ profile_completed: true }).extend({ is_admin: z.boolean() }),
  /** The admin looking at their own account. */
  is_self: z.boolean(),
  properties: z.object({
    rows: z.array(z.object({ ...OwnListingRow, property_status: PropertyStatus })),
    total: count,
  }),
  projects: z.object({ rows: z.array(z.object(OwnListingRow)), total: count }),
  packages: z.array(HeldPackage),
  transactions: z.array(
    z.object({
      id: int,
      package_id: int,
      package_name: z.string(),
      amount_minor: minor,
      currency: z.string(),
      payment_gateway: z.string(),
      status: PaymentStatus,
      created_at: dateTime,
    }),
  ),
  /** Every package that can be given, retired ones too. */
  offered: z.array(
    z.object({ id: int, name: z.string(), status: z.boolean(), is_free: z.boolean(), validity_days: int }),
  ),
});

const AccountState = z.object({
  id: int,
  is_active: z.boolean(),
  deactivated_reason: z.string().nullable(),
  deactivated_at: dateTime.nullable(),
});
export const Reactivated = AccountState;
/** Also the person's properties that went off the site with the account. */
export const Deactivated = AccountState.extend({ properties_switched_off: z.array(int) });

export const AssignedPackage = z.object({ user_id: int, user_package_id: int, package_id: int });
