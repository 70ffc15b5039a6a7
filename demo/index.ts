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
  demoAvatarFile,
  demoAvatarKey,
  demoPanoramaFiles,
  demoPanoramaKeys,
  ensureDemoPhotos,
  type DemoPhoto,
  type PhotoRenderer,
} from "./photos/store";
import { DemoStudio } from "./photos/studio";
import { seedAgentActivity } from "./seed/activity";
import { seedProjects } from "./seed/seed-projects";
import { seedTour } from "./seed/tour";
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
  /** false: the rows only, the pictures left to the next start (npm start prepares the database so). */
  paint?: boolean;
  /** Every picture painted before seedIfEmpty returns, two at a time, instead of in the background. */
  paintFirst?: boolean;
}

/** A demo started by seedIfEmpty: its rows are written; its pictures and sign-in may still be on their way. */
export interface DemoStart {
  /**
   * The storage to serve from: a demo picture asked for before the background painting reached it
   * is painted first. The storage itself when everything was painted before seedIfEmpty returned.
   */
  storage: FileStorage;
  /** Settles once every demo file is painted and the demo accounts can sign in (or that failed). */
  settled: Promise<void>;
  /** Ends the background work: the picture under way is finished, the wait for the emulator given up. */
  stop(): Promise<void>;
}

/**
 * Fills an empty database with the demo (and adds to an older demo database what arrived since),
 * then returns while the demo's pictures are painted in the background, files served by this
 * server first (its own disk, or a bucket it streams). On a bucket the browser reads directly, the
 * painting is done before it returns. The demo accounts are made as soon as the auth emulator
 * answers: browsing needs no emulator, signing in does.
 */
export async function seedIfEmpty(
  db: Database,
  storage: FileStorage,
  auth: AuthService | null,
  options: SeedOptions = {},
): Promise<DemoStart> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) === 0) await seedDemo(db, storage, options);
  // Place names arrived after the first demo catalogues: older demo databases get them too.
  const [placesRow] = await db.select({ n: sql<number>`count(*)::int` }).from(placeNames);
  if ((placesRow?.n ?? 0) === 0) await insertPlaceNames(db, demoCatalog(undefined, options.propertyCount));
  // Content arrived after the first demo catalogues: older demo databases get it too.
  const [articlesRow] = await db.select({ n: sql<number>`count(*)::int` }).from(articles);
  if ((articlesRow?.n ?? 0) === 0) await seedContent(db, storage, options);
  // Projects, the tour and the agent's searches and leads too (each checks whether it is there yet).
  await seedProjects(db, storage, options);
  await seedTour(db);
  await seedAgentActivity(db);
  if (options.paint === false) return { storage, settled: Promise.resolve(), stop: async () => {} };

  const studio = new DemoStudio(storage, (error, what) =>
    logger().warn({ reason: error instanceof Error ? error.message : String(error) }, what),
  );
  await planPainting(db, studio);
  const servedHere = storage.publicUrl("demo/x").startsWith("/");
  const first = !servedHere || options.paintFirst === true;
  const painting = studio.run(first ? 2 : 1);
  if (first) await painting;

  let stopped = false;
  const accounts =
    auth && process.env.FIREBASE_AUTH_EMULATOR_HOST
      ? demoAccountsWhenReady(db, auth, options.log, () => stopped)
      : Promise.resolve();
  return {
    storage: servedHere ? studio.serving() : storage,
    settled: Promise.all([painting, accounts]).then(() => undefined),
    async stop() {
      stopped = true;
      await Promise.all([studio.stop(), accounts]);
    },
  };
}

/** How long a start waits for the auth emulator (started beside the server) before it gives up. */
const EMULATOR_WAIT_MS = 180_000;

/** Makes the demo accounts once the emulator answers; browsing works meanwhile, so failing only warns. */
async function demoAccountsWhenReady(
  db: Database,
  auth: AuthService,
  log: ((line: string) => void) | undefined,
  stopped: () => boolean,
) {
  const deadline = Date.now() + EMULATOR_WAIT_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      await ensureDemoAccounts(db, auth, log);
      return;
    } catch (e) {
      // Refused or reset: the emulator is still starting. Anything else will not pass by waiting.
      const code =
        (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
      const starting = /ECONNREFUSED|ECONNRESET|fetch failed|socket hang up/i.test(
        `${code} ${(e as Error).message}`,
      );
      if (!starting || stopped() || Date.now() > deadline) {
        logger().warn(
          { reason: (e as Error).message },
          "Demo accounts not ready (is the auth emulator running?)",
        );
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    if (stopped()) return;
  }
}

/**
 * Queues every demo file the rows point at and the storage lacks, in the order the first pages
 * show them: listings' cover photos (newest first, as the home page lists them), articles and
 * projects, then the other photos, the tour, the 360° rooms and the people's portraits. Run on
 * every start, so a start stopped half-way through the painting finishes it the next time.
 */
async function planPainting(db: Database, studio: DemoStudio) {
  const keys = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ key: string }>(query)).rows.map((r) => r.key).filter(Boolean);
  const ordered = [
    ...(await keys(sql`
      select i.key from property_images i join properties p on p.id = i.property_id
      where i.position = 0 and i.key like 'demo/%' order by p.created_at desc, p.id desc`)),
    ...(await keys(sql`select image_key as key from articles where image_key like 'demo/%' order by id`)),
    ...(await keys(sql`select image as key from projects where image like 'demo/%' order by id`)),
    ...(await keys(sql`
      select key from (select key, min(position) as position from property_images where key like 'demo/%' group by key) k
      order by position, key`)),
    ...(await keys(sql`select key from project_images where key like 'demo/%' order by id`)),
    ...(await keys(sql`
      select floorplan_image->>'key' as key from virtual_tours where floorplan_image->>'key' like 'demo/%'
      union all
      select image->>'key' as key from tour_rooms where image->>'key' like 'demo/%'`)),
  ];
  const pictures = [...new Set(ordered)].map((k) => k.slice("demo/".length));
  const panoramas = await keys(
    sql`select distinct three_d_image as key from properties where three_d_image like 'demo/panorama-%'`,
  );
  const catalogue = demoCatalog(undefined, 0).users;
  const people = (
    await db.execute<{ firebase_id: string; name: string }>(
      sql`select firebase_id, name from users where firebase_id like 'demo-%' and profile like '%/demo/avatar-%' order by id`,
    )
  ).rows.flatMap((u) => {
    const key = u.firebase_id.slice("demo-".length);
    const index = catalogue.findIndex((c) => c.key === key);
    return index < 0 ? [] : [demoAvatarFile(key, u.name, index)];
  });
  await studio.plan(pictures, [...demoPanoramaFiles(panoramas), ...people]);
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
  const panoramas = demoPanoramaKeys();
  const avatars = new Map(catalog.users.map((u) => [u.key, storage.publicUrl(demoAvatarKey(u.key))]));
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
    .where(sql`${users.firebase_id} like 'demo-%'`)
    .orderBy(users.id);
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
