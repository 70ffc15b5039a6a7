// "Download my data" (decision 022): everything held about one person, read only by that person.
// Every query is bound to their own id (or their own address for what only the address points at);
// of other people it carries only what the person already sees: a name in a conversation or a block.
import { asc, desc, eq, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.server";
import {
  advertisements,
  assignFacilities,
  assignParameters,
  categories,
  chatMessages,
  contactMessages,
  contactReveals,
  facilities,
  favourites,
  interestedUsers,
  notifications,
  packages,
  parameters,
  paymentTransactions,
  projectDocuments,
  projectImages,
  projectPlans,
  projects,
  properties,
  propertyDocuments,
  propertyImages,
  reportReasons,
  userBlocks,
  userPackageFeatures,
  userPackages,
  userReports,
  users,
  verificationApplications,
  verificationFields,
  verificationValues,
} from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import type { MyData } from "./leave-output";
import { publicUser, type UserRow } from "./service";

type Out = z.input<typeof MyData>;

/** The largest WebP of a stored photo. */
const photoUrl = (storage: FileStorage, p: { key: string; widths: number[] }) =>
  p.widths.length ? storage.publicUrl(`${p.key}-${Math.max(...p.widths)}.webp`) : null;
const fileUrl = (storage: FileStorage, key: string | null) => (key ? storage.publicUrl(key) : null);
const byId = <T, K>(rows: T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return (k: K) => map.get(k) ?? [];
};

async function myProperties(db: Executor, storage: FileStorage, me: number): Promise<Out["properties"]> {
  const rows = await db
    .select({ p: properties, category: categories.category })
    .from(properties)
    .innerJoin(categories, eq(categories.id, properties.category_id))
    .where(eq(properties.added_by, me))
    .orderBy(asc(properties.id));
  const ids = rows.map((r) => r.p.id);
  if (!ids.length) return [];
  const [images, docs, params, facs] = await Promise.all([
    db
      .select()
      .from(propertyImages)
      .where(inArray(propertyImages.property_id, ids))
      .orderBy(asc(propertyImages.position), asc(propertyImages.id)),
    db
      .select()
      .from(propertyDocuments)
      .where(inArray(propertyDocuments.property_id, ids))
      .orderBy(asc(propertyDocuments.id)),
    db
      .select({
        property_id: assignParameters.property_id,
        name: parameters.name,
        value: assignParameters.value,
      })
      .from(assignParameters)
      .innerJoin(parameters, eq(parameters.id, assignParameters.parameter_id))
      .where(inArray(assignParameters.property_id, ids)),
    db
      .select({
        property_id: assignFacilities.property_id,
        name: facilities.name,
        distance: assignFacilities.distance,
      })
      .from(assignFacilities)
      .innerJoin(facilities, eq(facilities.id, assignFacilities.facility_id))
      .where(inArray(assignFacilities.property_id, ids)),
  ]);
  const imagesOf = byId(images, (i) => i.property_id);
  const docsOf = byId(docs, (d) => d.property_id);
  const paramsOf = byId(params, (p) => p.property_id);
  const facsOf = byId(facs, (f) => f.property_id);
  return rows.map(({ p, category }) => ({
    id: p.id,
    slug_id: p.slug_id,
    title: p.title,
    description: p.description,
    category,
    property_type: p.property_type,
    rentduration: p.rentduration,
    price: p.price,
    city: p.city,
    state: p.state,
    country: p.country,
    address: p.address,
    client_address: p.client_address,
    latitude: p.latitude,
    longitude: p.longitude,
    video_link: p.video_link,
    meta_title: p.meta_title,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    is_premium: p.is_premium,
    request_status: p.request_status,
    status: p.status,
    property_status: p.property_status,
    reject_reason: p.reject_reason,
    total_click: p.total_click,
    photos: imagesOf(p.id).flatMap((i) => photoUrl(storage, i) ?? []),
    three_d_image: fileUrl(storage, p.three_d_image),
    meta_image: fileUrl(storage, p.meta_image),
    documents: docsOf(p.id).map((d) => ({ name: d.name, url: storage.publicUrl(d.key) })),
    parameters: paramsOf(p.id).map((x) => ({ name: x.name, value: x.value })),
    facilities: facsOf(p.id).map((x) => ({ name: x.name, distance: x.distance })),
    created_at: p.created_at,
    updated_at: p.updated_at,
  }));
}

async function myProjects(db: Executor, storage: FileStorage, me: number): Promise<Out["projects"]> {
  const rows = await db
    .select({ p: projects, category: categories.category })
    .from(projects)
    .innerJoin(categories, eq(categories.id, projects.category_id))
    .where(eq(projects.added_by, me))
    .orderBy(asc(projects.id));
  const ids = rows.map((r) => r.p.id);
  if (!ids.length) return [];
  const [images, docs, plans] = await Promise.all([
    db
      .select()
      .from(projectImages)
      .where(inArray(projectImages.project_id, ids))
      .orderBy(asc(projectImages.position), asc(projectImages.id)),
    db
      .select()
      .from(projectDocuments)
      .where(inArray(projectDocuments.project_id, ids))
      .orderBy(asc(projectDocuments.id)),
    db
      .select()
      .from(projectPlans)
      .where(inArray(projectPlans.project_id, ids))
      .orderBy(asc(projectPlans.position), asc(projectPlans.id)),
  ]);
  const imagesOf = byId(images, (i) => i.project_id);
  const docsOf = byId(docs, (d) => d.project_id);
  const plansOf = byId(plans, (d) => d.project_id);
  return rows.map(({ p, category }) => ({
    id: p.id,
    slug_id: p.slug_id,
    title: p.title,
    description: p.description,
    category,
    type: p.type,
    city: p.city,
    state: p.state,
    country: p.country,
    location: p.location,
    latitude: p.latitude,
    longitude: p.longitude,
    video_link: p.video_link,
    meta_title: p.meta_title,
    meta_description: p.meta_description,
    meta_keywords: p.meta_keywords,
    request_status: p.request_status,
    status: p.status,
    reject_reason: p.reject_reason,
    image: p.image ? photoUrl(storage, { key: p.image, widths: p.image_widths }) : null,
    photos: imagesOf(p.id).flatMap((i) => photoUrl(storage, i) ?? []),
    meta_image: fileUrl(storage, p.meta_image),
    documents: docsOf(p.id).map((d) => ({ name: d.name, url: storage.publicUrl(d.key) })),
    plans: plansOf(p.id).map((d) => ({ title: d.title, url: storage.publicUrl(d.document) })),
    created_at: p.created_at,
    updated_at: p.updated_at,
  }));
}

/** Every conversation the person is in: both sides' messages, grouped by the other person and the property. */
async function myConversations(db: Executor, me: number): Promise<Out["conversations"]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(or(eq(chatMessages.sender_id, me), eq(chatMessages.receiver_id, me)))
    .orderBy(asc(chatMessages.id));
  if (!rows.length) return [];
  const otherOf = (m: (typeof rows)[number]) => (m.sender_id === me ? m.receiver_id : m.sender_id);
  const [people, listings] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map(otherOf))])),
    db
      .select({ id: properties.id, slug_id: properties.slug_id, title: properties.title })
      .from(properties)
      .where(inArray(properties.id, [...new Set(rows.map((m) => m.property_id))])),
  ]);
  const conversations = new Map<string, Out["conversations"][number]>();
  for (const m of rows) {
    const other = otherOf(m);
    const key = `${other}:${m.property_id}`;
    let c = conversations.get(key);
    if (!c) {
      const listing = listings.find((l) => l.id === m.property_id);
      c = {
        with: { id: other, name: people.find((p) => p.id === other)?.name ?? "" },
        property: { id: m.property_id, slug_id: listing?.slug_id ?? "", title: listing?.title ?? "" },
        messages: [],
      };
      conversations.set(key, c);
    }
    c.messages.push({
      message_id: m.id,
      sent: m.sender_id === me,
      message: m.message,
      file_name: m.file_key ? (m.file_name ?? "file") : null,
      voice_message: Boolean(m.audio_key),
      is_deleted: m.deleted_at !== null,
      read_at: m.read_at,
      created_at: m.created_at,
    });
  }
  return [...conversations.values()];
}

async function myVerification(db: Executor, me: number): Promise<Out["verification_applications"]> {
  const apps = await db
    .select()
    .from(verificationApplications)
    .where(eq(verificationApplications.user_id, me))
    .orderBy(asc(verificationApplications.id));
  if (!apps.length) return [];
  const answers = await db
    .select({
      application_id: verificationValues.application_id,
      field: verificationFields.name,
      value: verificationValues.value,
      file_key: verificationValues.file_key,
      file_name: verificationValues.file_name,
    })
    .from(verificationValues)
    .innerJoin(verificationFields, eq(verificationFields.id, verificationValues.field_id))
    .where(
      inArray(
        verificationValues.application_id,
        apps.map((a) => a.id),
      ),
    )
    .orderBy(asc(verificationFields.rank), asc(verificationFields.id));
  const of = byId(answers, (a) => a.application_id);
  return apps.map((a) => ({
    id: a.id,
    status: a.status,
    reason: a.reason,
    created_at: a.created_at,
    decided_at: a.decided_at,
    answers: of(a.id).map((x) => ({
      field: x.field,
      value: x.value,
      file_name: x.file_key ? (x.file_name ?? "document") : null,
    })),
  }));
}

/** What we hold about `me`, as the "Download my data" file gives it. */
export async function myData(db: Executor, storage: FileStorage, me: UserRow): Promise<Out> {
  const id = me.id;
  const listed = { id: properties.id, slug_id: properties.slug_id, title: properties.title };
  const [
    props,
    projs,
    favs,
    interests,
    ads,
    conversations,
    notes,
    payments,
    held,
    reports,
    blocked,
    verification,
    contact,
    reveals,
  ] = await Promise.all([
    myProperties(db, storage, id),
    myProjects(db, storage, id),
    db
      .select({ ...listed, created_at: favourites.created_at })
      .from(favourites)
      .innerJoin(properties, eq(properties.id, favourites.property_id))
      .where(eq(favourites.user_id, id))
      .orderBy(desc(favourites.created_at)),
    db
      .select({ ...listed, created_at: interestedUsers.created_at })
      .from(interestedUsers)
      .innerJoin(properties, eq(properties.id, interestedUsers.property_id))
      .where(eq(interestedUsers.user_id, id))
      .orderBy(desc(interestedUsers.created_at)),
    db
      .select({
        id: advertisements.id,
        feature_for: advertisements.feature_for,
        property_id: advertisements.property_id,
        project_id: advertisements.project_id,
        status: advertisements.status,
        start_date: advertisements.start_date,
        end_date: advertisements.end_date,
        created_at: advertisements.created_at,
      })
      .from(advertisements)
      .where(eq(advertisements.user_id, id))
      .orderBy(asc(advertisements.id)),
    myConversations(db, id),
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        read_at: notifications.read_at,
        created_at: notifications.created_at,
      })
      .from(notifications)
      .where(eq(notifications.user_id, id))
      .orderBy(desc(notifications.id)),
    db
      .select({
        id: paymentTransactions.id,
        order_id: paymentTransactions.order_id,
        package: packages.name,
        amount_minor: paymentTransactions.amount_minor,
        currency: paymentTransactions.currency,
        payment_gateway: paymentTransactions.payment_gateway,
        platform_type: paymentTransactions.platform_type,
        status: paymentTransactions.status,
        gateway_reference: paymentTransactions.gateway_reference,
        reason: paymentTransactions.reason,
        created_at: paymentTransactions.created_at,
        updated_at: paymentTransactions.updated_at,
      })
      .from(paymentTransactions)
      .innerJoin(packages, eq(packages.id, paymentTransactions.package_id))
      .where(eq(paymentTransactions.user_id, id))
      .orderBy(desc(paymentTransactions.id)),
    db
      .select({
        id: userPackages.id,
        package: packages.name,
        start_at: userPackages.start_at,
        end_at: userPackages.end_at,
      })
      .from(userPackages)
      .innerJoin(packages, eq(packages.id, userPackages.package_id))
      .where(eq(userPackages.user_id, id))
      .orderBy(desc(userPackages.id)),
    db
      .select({
        id: userReports.id,
        property_id: userReports.property_id,
        to_user_id: userReports.to_user_id,
        to_admin: userReports.to_admin,
        reason: reportReasons.reason,
        other_message: userReports.other_message,
        status: userReports.status,
        created_at: userReports.created_at,
      })
      .from(userReports)
      .leftJoin(reportReasons, eq(reportReasons.id, userReports.reason_id))
      .where(eq(userReports.user_id, id))
      .orderBy(desc(userReports.id)),
    db
      .select({
        to_user_id: userBlocks.to_user_id,
        name: users.name,
        to_admin: userBlocks.to_admin,
        reason: userBlocks.reason,
        created_at: userBlocks.created_at,
      })
      .from(userBlocks)
      .leftJoin(users, eq(users.id, userBlocks.to_user_id))
      .where(eq(userBlocks.user_id, id))
      .orderBy(desc(userBlocks.id)),
    myVerification(db, id),
    db
      .select({
        id: contactMessages.id,
        subject: contactMessages.subject,
        message: contactMessages.message,
        created_at: contactMessages.created_at,
      })
      .from(contactMessages)
      // Only messages sent signed in: an address on a profile is typed, not proven, so matching on it
      // would hand anyone the messages others sent from that address.
      .where(eq(contactMessages.user_id, id))
      .orderBy(desc(contactMessages.id)),
    db
      .select({
        kind: contactReveals.kind,
        owner_id: contactReveals.owner_id,
        property_id: contactReveals.property_id,
        project_id: contactReveals.project_id,
        day: contactReveals.day,
      })
      .from(contactReveals)
      .where(eq(contactReveals.viewer_id, id))
      .orderBy(desc(contactReveals.id)),
  ]);
  const features = held.length
    ? await db
        .select({
          user_package_id: userPackageFeatures.user_package_id,
          type: userPackageFeatures.type,
          total: userPackageFeatures.total,
          used: userPackageFeatures.used,
        })
        .from(userPackageFeatures)
        .where(
          inArray(
            userPackageFeatures.user_package_id,
            held.map((h) => h.id),
          ),
        )
    : [];
  const featuresOf = byId(features, (f) => f.user_package_id);
  return {
    exported_at: new Date(),
    // The own profile as get-profile gives it, plus the two ids it leaves out.
    profile: { ...publicUser(me), auth_id: me.firebase_id, fcm_id: me.fcm_id },
    properties: props,
    projects: projs,
    favourites: favs,
    interests,
    advertisements: ads,
    conversations,
    notifications: notes,
    payments,
    packages: held.map((h) => ({
      ...h,
      features: featuresOf(h.id).map(({ type, total, used }) => ({ type, total, used })),
    })),
    reports,
    blocked,
    verification_applications: verification,
    contact_messages: contact,
    contact_reveals: reveals,
  };
}
