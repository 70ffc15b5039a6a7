// Packages on offer in the demo (spec §6 types), priced in the demo currency's minor units (AED fils).
// The free starter package is made by giveStarterPackage; these are the rest of the shop window.
import type { Executor } from "../../server/db/client.server";
import { packageFeatures, packages, settings } from "../../server/db/schema";
import type { FeatureType } from "../../server/api/packages/service";

interface DemoPackage {
  name: string;
  ar: string;
  price_minor: number;
  validity_days: number;
  once_per_user?: boolean;
  /** null = unlimited. */
  features: Partial<Record<FeatureType, number | null>>;
}

export const DEMO_PACKAGES: DemoPackage[] = [
  {
    name: "Spotlight trial",
    ar: "تجربة الإبراز",
    price_minor: 0,
    validity_days: 14,
    once_per_user: true,
    features: { property_list: 1, property_feature: 1, mortgage_calculator_detail: null },
  },
  {
    name: "Buyer Plus",
    ar: "المشتري بلس",
    price_minor: 4_900,
    validity_days: 30,
    features: { premium_properties: null, project_access: null, mortgage_calculator_detail: null },
  },
  {
    name: "Agent",
    ar: "الوكيل",
    price_minor: 19_900,
    validity_days: 30,
    features: {
      property_list: 25,
      property_feature: 5,
      project_list: 3,
      project_feature: 1,
      premium_properties: null,
      project_access: null,
      mortgage_calculator_detail: null,
    },
  },
  {
    name: "Agency",
    ar: "الوكالة",
    price_minor: 99_900,
    validity_days: 90,
    features: {
      property_list: null,
      property_feature: 30,
      project_list: null,
      project_feature: 10,
      premium_properties: null,
      project_access: null,
      mortgage_calculator_detail: null,
    },
  },
];

/** Demo bank details: a way to pay that works with no network and no gateway account. */
export const DEMO_BANK_DETAILS =
  "Souq Estate Demo LLC · Emirates Demo Bank · IBAN AE07 0000 0000 0000 0000 000 · Reference: your email";

/** Makes the packages on offer; returns their ids by name. */
export async function seedPackages(tx: Executor): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const p of DEMO_PACKAGES) {
    const [row] = await tx
      .insert(packages)
      .values({
        name: p.name,
        translations: { ar: { name: p.ar } },
        price_minor: p.price_minor,
        validity_days: p.validity_days,
        is_free: p.price_minor === 0,
        once_per_user: p.once_per_user ?? false,
      })
      .returning({ id: packages.id });
    ids.set(p.name, row!.id);
    await tx.insert(packageFeatures).values(
      Object.entries(p.features).map(([type, limit]) => ({
        package_id: row!.id,
        type: type as FeatureType,
        limit: limit ?? null,
      })),
    );
  }
  await tx
    .insert(settings)
    .values([
      { key: "bank_transfer_status", value: true },
      { key: "bank_transfer_details", value: DEMO_BANK_DETAILS },
    ])
    .onConflictDoNothing();
  return ids;
}
