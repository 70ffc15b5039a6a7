// Demo data: created on an empty database at start-up and by `npm run seed`.
import { sql } from "drizzle-orm";
import { assignPackage, giveStarterPackage } from "../server/api/packages/service";
import { seedPackages } from "./seed/packages";
import type { Database, Tx } from "../server/db/client.server";
import {
  advertisements,
  articleCategories,
  articles,
  assignFacilities,
  faqs,
  assignParameters,
  categories,
  categoryParameters,
  facilities,
  interestedUsers,
  languages,
  parameters,
  properties,
  propertyImages,
  settings,
  users,
  placeNames,
  sliders,
} from "../server/db/schema";
import type { FileStorage } from "../server/media/storage.server";
import type { AuthService } from "../server/auth/firebase.server";
import { demoCatalog, type DemoCatalog, type PhotoKind } from "./seed/catalog";
import { demoContent } from "./seed/content";
import {
  ensureDemoAvatars,
  ensureDemoPanoramas,
  ensureDemoPhotos,
  type DemoPhoto,
  type PhotoRenderer,
} from "./photos/store";
import { seedProjects } from "./seed/seed-projects";
import { logger } from "../server/observability/log";

export { seedProjects };

/** Every demo account signs in with this password (emulator only). */
export const DEMO_PASSWORD = "demo1234";
export const demoUid = (key: string) => `demo-${key}`;

export interface SeedOptions {
  log?: (line: string) => void;
  propertyCount?: number;
  /** Photo renderer; tests pass a cheap one. */
  render?: PhotoRenderer;
}

export async function seedIfEmpty(
  db: Database,
  storage: FileStorage,
  auth: AuthService | null,
  options: SeedOptions = {},
) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) === 0) await seedDemo(db, storage, options);
  // Place names arrived after the first demo catalogues: older demo databases get them too.
  const [placesRow] = await db.select({ n: sql<number>`count(*)::int` }).from(placeNames);
  if ((placesRow?.n ?? 0) === 0) await insertPlaceNames(db, demoCatalog(undefined, options.propertyCount));
  // Content arrived after the first demo catalogues: older demo databases get it too.
  const [articlesRow] = await db.select({ n: sql<number>`count(*)::int` }).from(articles);
  if ((articlesRow?.n ?? 0) === 0) await seedContent(db, storage, options);
  // Projects too (it checks for itself whether there are any yet).
  await seedProjects(db, storage, options);
  if (auth && process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // Browsing works without the emulator; only signing in needs it, so warn instead of failing.
    await ensureDemoAccounts(db, auth, options.log).catch((e: Error) =>
      logger().warn({ reason: e.message }, "Demo accounts not ready (is the auth emulator running?)"),
    );
  }
}

export async function seedDemo(db: Database, storage: FileStorage, options: SeedOptions = {}) {
  // Progress told to the person who started the demo or `npm run seed`, not a log line.
  // eslint-disable-next-line no-console
  const log = options.log ?? console.log;
  const started = Date.now();
  const catalog = demoCatalog(undefined, options.propertyCount);
  const wanted = new Set<string>();
  catalog.properties.forEach((p) => p.photos.forEach((k, i) => wanted.add(`${k}:${p.photoVariants[i]}`)));
  const photos = await ensureDemoPhotos(
    storage,
    [...wanted]
      .map((w) => w.split(":") as [PhotoKind, string])
      .map(([k, v]) => ({ kind: k, variant: Number(v) })),
    options.render,
  );
  const panoramas = await ensureDemoPanoramas(storage);
  const avatars = await ensureDemoAvatars(storage, catalog.users);
  await db.transaction(async (tx) => {
    // Two instances starting on one empty server database: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((again?.n ?? 0) > 0) return;
    await insertCatalog(tx, catalog, photos, panoramas, avatars);
  });
  await seedProjects(db, storage, options);
  // Fresh statistics, so the planner uses the indexes from the first query on.
  await db.execute(sql`analyze`);
  log(
    `Demo data: ${catalog.properties.length} properties, ${catalog.users.length} people, ${photos.size} photos (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function insertCatalog(
  tx: Tx,
  c: DemoCatalog,
  photos: Map<string, DemoPhoto>,
  panoramas: string[],
  avatars: Map<string, string>,
) {
  await insertPlaceNames(tx, c);
  await tx.insert(languages).values([
    { code: "en", name: "English", name_in_english: "English", rtl: false, is_default: true },
    { code: "ar", name: "العربية", name_in_english: "Arabic", rtl: true },
  ]);

  const paramRows = await tx
    .insert(parameters)
    .values(
      c.parameters.map((p) => ({
        name: p.name.en,
        type_of_parameter: p.type,
        type_values: (p.options ?? []).map((o) => ({ value: o.en, translations: { ar: o.ar } })),
        unit: p.unit ?? null,
        image: p.icon,
        translations: { ar: { name: p.name.ar } },
      })),
    )
    .returning({ id: parameters.id });
  const paramId = new Map(c.parameters.map((p, i) => [p.key, paramRows[i]!.id]));

  const catRows = await tx
    .insert(categories)
    .values(
      c.categories.map((cat, i) => ({
        category: cat.name.en,
        slug_id: cat.slug,
        image: cat.icon,
        sequence: i,
        translations: { ar: { category: cat.name.ar } },
      })),
    )
    .returning({ id: categories.id });
  const catId = new Map(c.categories.map((cat, i) => [cat.key, catRows[i]!.id]));
  await tx.insert(categoryParameters).values(
    c.categories.flatMap((cat) =>
      cat.parameterKeys.map((k, seq) => ({
        category_id: catId.get(cat.key)!,
        parameter_id: paramId.get(k)!,
        sequence: seq,
      })),
    ),
  );

  const facRows = await tx
    .insert(facilities)
    .values(
      c.facilities.map((f) => ({
        name: f.name.en,
        image: f.icon,
        translations: { ar: { name: f.name.ar } },
      })),
    )
    .returning({ id: facilities.id });
  const facId = new Map(c.facilities.map((f, i) => [f.key, facRows[i]!.id]));

  const userRows = await tx
    .insert(users)
    .values(
      c.users.map((u) => {
        const city = c.cities[u.cityIndex]!;
        return {
          firebase_id: demoUid(u.key),
          name: u.name,
          email: u.email,
          mobile: u.mobile,
          type: u.type,
          about_me: u.about_me,
          // A photo and an address: demo people have complete profiles and can list at once.
          profile: avatars.get(u.key) ?? null,
          address: u.address,
          city: city.city.en,
          state: city.state.en,
          country: city.country.en,
          facebook_id: u.facebook_id ?? null,
          instagram_id: u.instagram_id ?? null,
          // Agents and developers in the demo have passed verification; owners have not applied.
          verification_status: u.type === "owner" ? ("initial" as const) : ("success" as const),
        };
      }),
    )
    .returning({ id: users.id });
  // Demo people can list straight away, like any new account.
  for (const u of userRows) await giveStarterPackage(tx, u.id);
  const packageIds = await seedPackages(tx);
  // Demo agents are paying customers: they hold the Agent package (project details, premium
  // listings, featuring), so signing in as one shows the product with a package.
  const agentPackage = packageIds.get("Agent")!;
  for (const [i, u] of c.users.entries())
    if (u.type === "agent") await assignPackage(tx, userRows[i]!.id, agentPackage);

  const now = Date.now();
  const DAY = 86_400_000;
  const propRows: { id: number }[] = [];
  for (const chunk of chunks(c.properties, 200)) {
    propRows.push(
      ...(await tx
        .insert(properties)
        .values(
          chunk.map((p) => {
            const city = c.cities[p.cityIndex]!;
            const created = new Date(now - p.postedDaysAgo * DAY - (p.views % 1000) * 60_000);
            return {
              slug_id: p.slug,
              title: p.title,
              description: p.description,
              category_id: catId.get(p.categoryKey)!,
              added_by: userRows[p.ownerIndex]!.id,
              property_type: p.propertyType,
              rentduration: p.rentduration,
              price: p.price,
              city: city.city.en,
              state: city.state.en,
              country: city.country.en,
              address: p.address,
              latitude: p.latitude,
              longitude: p.longitude,
              video_link: p.videoLink,
              three_d_image: panoramaFor(p.slug, p.categoryKey, panoramas),
              meta_title: p.metaTitle,
              meta_description: p.metaDescription,
              meta_keywords: p.metaKeywords,
              is_premium: p.isPremium,
              request_status: "approved" as const,
              status: "active" as const,
              property_status: p.propertyStatus,
              total_click: p.views,
              title_image: `demo/${p.photos[0]}-${p.photoVariants[0]}`,
              created_at: created,
              updated_at: created,
            };
          }),
        )
        .returning({ id: properties.id })),
    );
  }

  const images = c.properties.flatMap((p, i) =>
    p.photos.map((kind, position) => {
      const photo = photos.get(`${kind}-${p.photoVariants[position]}`)!;
      return {
        property_id: propRows[i]!.id,
        key: photo.key,
        position,
        width: photo.width,
        height: photo.height,
        widths: photo.widths,
        thumbhash: photo.thumbhash,
        dominant: photo.dominant,
        avif: photo.avif,
      };
    }),
  );
  for (const chunk of chunks(images, 500)) await tx.insert(propertyImages).values(chunk);

  const params = c.properties.flatMap((p, i) =>
    p.parameters.map((v) => ({
      property_id: propRows[i]!.id,
      parameter_id: paramId.get(v.key)!,
      value: v.value,
    })),
  );
  for (const chunk of chunks(params, 500)) await tx.insert(assignParameters).values(chunk);

  const facs = c.properties.flatMap((p, i) =>
    p.facilities.map((f) => ({
      property_id: propRows[i]!.id,
      facility_id: facId.get(f.key)!,
      distance: f.distance,
    })),
  );
  for (const chunk of chunks(facs, 500)) await tx.insert(assignFacilities).values(chunk);

  const ads = c.properties.flatMap((p, i) =>
    p.promoted
      ? [
          {
            user_id: userRows[p.ownerIndex]!.id,
            feature_for: "property",
            property_id: propRows[i]!.id,
            status: "approved" as const,
            end_date: new Date(now + 30 * DAY),
          },
        ]
      : [],
  );
  if (ads.length) await tx.insert(advertisements).values(ads);

  // A few people interested in the owners' first listings, so an owner's page has someone to show.
  const interests = c.users.flatMap((u, ownerIndex) => {
    if (u.type !== "owner") return [];
    const theirs = c.properties
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.ownerIndex === ownerIndex)
      .slice(0, 2);
    const others = c.users.map((_, i) => i).filter((i) => i !== ownerIndex);
    return theirs.flatMap(({ i }, n) =>
      others.slice(n * 3 + (ownerIndex % 5), n * 3 + (ownerIndex % 5) + 2 + n).map((who, k) => ({
        user_id: userRows[who]!.id,
        property_id: propRows[i]!.id,
        created_at: new Date(now - (k + 1) * (n + 2) * 3_600_000),
      })),
    );
  });
  if (interests.length) await tx.insert(interestedUsers).values(interests).onConflictDoNothing();

  // The home slider: four featured listings under short headlines in both languages.
  const headlines = [
    { en: "Featured home in {city}", ar: "منزل مميز في {city}" },
    { en: "Room to grow in {city}", ar: "مساحة تتسع لعائلتك في {city}" },
    { en: "Ready to move in: {city}", ar: "جاهز للسكن في {city}" },
    { en: "Just listed in {city}", ar: "أضيف حديثاً في {city}" },
  ];
  const featured = c.properties
    .map((p, i) => ({ p, id: propRows[i]!.id }))
    .filter(({ p }) => p.promoted)
    .slice(0, headlines.length);
  if (featured.length) {
    await tx.insert(sliders).values(
      featured.map(({ p, id }, i) => {
        const city = c.cities[p.cityIndex]!.city;
        return {
          title: headlines[i]!.en.replace("{city}", city.en),
          translations: { ar: { title: headlines[i]!.ar.replace("{city}", city.ar) } },
          property_id: id,
          sequence: i,
        };
      }),
    );
  }
}

/** Articles, their categories, FAQs and the about text, in English and Arabic. */
export async function seedContent(db: Database, storage: FileStorage, options: SeedOptions = {}) {
  const content = demoContent();
  const photos = await ensureDemoPhotos(
    storage,
    content.articles.map((a) => ({ kind: a.photoKind, variant: a.photoVariant })),
    options.render,
  );
  const DAY = 86_400_000;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(articles);
    if ((again?.n ?? 0) > 0) return;
    const cats = await tx
      .insert(articleCategories)
      .values(
        content.articleCategories.map((c, i) => ({
          name: c.name.en,
          slug_id: c.slug,
          sequence: i,
          translations: { ar: { name: c.name.ar } },
        })),
      )
      .returning({ id: articleCategories.id });
    const catId = new Map(content.articleCategories.map((c, i) => [c.key, cats[i]!.id]));
    await tx.insert(articles).values(
      content.articles.map((a) => {
        const photo = photos.get(`${a.photoKind}-${a.photoVariant}`)!;
        const at = new Date(Date.now() - a.publishedDaysAgo * DAY);
        return {
          slug_id: a.slug,
          category_id: catId.get(a.categoryKey) ?? null,
          title: a.title.en,
          summary: a.summary.en,
          body: a.body.en,
          image_key: photo.key,
          image_widths: photo.widths,
          image_width: photo.width,
          image_height: photo.height,
          image_dominant: photo.dominant,
          image_avif: photo.avif,
          translations: { ar: { title: a.title.ar, summary: a.summary.ar, body: a.body.ar } },
          created_at: at,
          updated_at: at,
        };
      }),
    );
    await tx.insert(faqs).values(
      content.faqs.map((f) => ({
        question: f.question.en,
        answer: f.answer.en,
        sequence: f.sequence,
        translations: { ar: { question: f.question.ar, answer: f.answer.ar } },
      })),
    );
    await tx.insert(settings).values({ key: "about_us", value: content.about }).onConflictDoNothing();
  });
}

/**
 * The emulator forgets accounts when it stops (unless exported), so every start makes sure each
 * demo person can sign in with the demo password.
 */
export async function ensureDemoAccounts(
  db: Database,
  auth: AuthService,
  // eslint-disable-next-line no-console -- progress told to the person seeding, not a log line
  log: (line: string) => void = console.log,
) {
  const rows = await db
    .select({ uid: users.firebase_id, email: users.email, name: users.name, type: users.type })
    .from(users)
    .where(sql`${users.firebase_id} like 'demo-%'`);
  const admin = auth.adminAuth;
  const existing = await admin.getUsers(rows.map((r) => ({ uid: r.uid })));
  const have = new Set(existing.users.map((u) => u.uid));
  for (const r of rows) {
    if (have.has(r.uid) || !r.email) continue;
    await admin.createUser({
      uid: r.uid,
      email: r.email,
      password: DEMO_PASSWORD,
      displayName: r.name,
      emailVerified: true,
    });
  }
  await ensureDemoAdmin(db, auth);
  const agent = rows.find((r) => r.type === "agent");
  const owner = rows.find((r) => r.type === "owner");
  if (agent && owner) {
    log(
      `Demo accounts (password ${DEMO_PASSWORD}): admin ${DEMO_ADMIN.email} (the console at /admin), agent ${agent.email}, owner ${owner.email} (and ${rows.length - 2} more)`,
    );
  }
}

/** The demo's admin: an account with the `admin` custom claim, and a profile so it can also use the site. */
export const DEMO_ADMIN = {
  uid: demoUid("admin"),
  email: "admin@demo.souq.test",
  name: "Souq Admin",
} as const;

async function ensureDemoAdmin(db: Database, auth: AuthService) {
  const admin = auth.adminAuth;
  const existing = await admin.getUsers([{ uid: DEMO_ADMIN.uid }]);
  if (!existing.users.length) {
    await admin.createUser({
      uid: DEMO_ADMIN.uid,
      email: DEMO_ADMIN.email,
      password: DEMO_PASSWORD,
      displayName: DEMO_ADMIN.name,
      emailVerified: true,
    });
  }
  if (existing.users[0]?.customClaims?.admin !== true)
    await admin.setCustomUserClaims(DEMO_ADMIN.uid, { admin: true });
  await db
    .insert(users)
    .values({
      firebase_id: DEMO_ADMIN.uid,
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      mobile: "+971500000000",
      address: "Dubai, United Arab Emirates",
      type: "user",
      is_admin: true,
    })
    .onConflictDoNothing();
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** About one home in five has a 360° room; the same ones on every run. Land has no rooms. */
function panoramaFor(slug: string, categoryKey: string, panoramas: string[]): string | null {
  if (categoryKey === "land" || !panoramas.length) return null;
  let h = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) h = Math.imul(h ^ slug.charCodeAt(i), 0x01000193);
  h >>>= 0;
  return h % 5 === 0 ? panoramas[(h >>> 3) % panoramas.length]! : null;
}

/** The demo's cities, states and countries in Arabic (listings store the English names). */
async function insertPlaceNames(tx: Tx | Database, c: DemoCatalog) {
  const names = new Map<string, string>();
  for (const city of c.cities) for (const t of [city.city, city.state, city.country]) names.set(t.en, t.ar);
  await tx
    .insert(placeNames)
    .values([...names].map(([name, ar]) => ({ name, translations: { ar } })))
    .onConflictDoNothing();
}
