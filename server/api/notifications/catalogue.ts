// What each kind of notification says, in every language the site speaks. Written when the event
// happens; `{{name}}`-style values are filled in then (names and titles are not translated).
type Text = { title: string; body: string };
type Entry = Record<"en" | "ar", Text>;

export const NOTIFICATIONS = {
  interest: {
    en: { title: "Someone is interested", body: "{{name}} is interested in {{listing}}." },
    ar: { title: "شخص مهتم بإعلانك", body: "{{name}} مهتم بـ {{listing}}." },
  },
  verification_success: {
    en: { title: "You are a verified agent", body: "Your agent verification was approved. The Verified badge now shows on your profile and listings." },
    ar: { title: "أنت وسيط موثّق", body: "تمت الموافقة على توثيقك كوسيط. تظهر شارة التوثيق الآن في ملفك وإعلاناتك." },
  },
  verification_failed: {
    en: { title: "Verification Failed", body: "Your agent verification was not approved. See why and apply again." },
    ar: { title: "فشل التوثيق", body: "لم تتم الموافقة على توثيقك كوسيط. اطّلع على السبب وقدّم الطلب مرة أخرى." },
  },
  payment_success: {
    en: { title: "Payment successful", body: "{{package}} is active until {{until}}." },
    ar: { title: "تم الدفع بنجاح", body: "باقة {{package}} مفعّلة حتى {{until}}." },
  },
  payment_failed: {
    en: { title: "Payment failed", body: "Your payment for {{package}} did not go through. No package was added." },
    ar: { title: "فشل الدفع", body: "لم يكتمل دفعك لباقة {{package}}. لم تُضف أي باقة." },
  },
  payment_rejected: {
    en: { title: "Bank transfer not accepted", body: "Your transfer for {{package}} was not accepted: {{reason}}" },
    ar: { title: "لم يُقبل التحويل البنكي", body: "لم يُقبل تحويلك لباقة {{package}}: {{reason}}" },
  },
  listing_approved: {
    en: { title: "Your listing is live", body: "{{listing}} was approved and is now public." },
    ar: { title: "إعلانك منشور الآن", body: "تمت الموافقة على {{listing}} وأصبح ظاهرًا للجميع." },
  },
  listing_rejected: {
    en: { title: "Your listing was not approved", body: "{{listing}} was not approved: {{reason}}" },
    ar: { title: "لم تتم الموافقة على إعلانك", body: "لم تتم الموافقة على {{listing}}: {{reason}}" },
  },
  package_expiring: {
    en: { title: "Your package ends soon", body: "{{package}} ends on {{until}}. Renew it to keep listing and featuring." },
    ar: { title: "باقتك تنتهي قريبًا", body: "تنتهي باقة {{package}} في {{until}}. جدّدها لتواصل النشر والتمييز." },
  },
  message: {
    en: { title: "New message from {{name}}", body: "About {{listing}}: {{preview}}" },
    ar: { title: "رسالة جديدة من {{name}}", body: "بخصوص {{listing}}: {{preview}}" },
  },
  advertisement_approved: {
    en: { title: "Your listing is featured", body: "{{listing}} is featured until {{until}}." },
    ar: { title: "إعلانك مميَّز الآن", body: "أصبح {{listing}} مميَّزًا حتى {{until}}." },
  },
  advertisement_rejected: {
    en: { title: "Your feature request was not approved", body: "The request to feature {{listing}} was not approved: {{reason}}" },
    ar: { title: "لم تتم الموافقة على طلب التمييز", body: "لم تتم الموافقة على طلب تمييز {{listing}}: {{reason}}" },
  },
  listing_deactivated: {
    en: { title: "Your listing was switched off", body: "{{listing}} is no longer shown to the public. {{reason}}" },
    ar: { title: "تم إيقاف إعلانك", body: "لم يعد {{listing}} ظاهرًا للجمهور. {{reason}}" },
  },
  /** A saved search with instant alerts matched a listing that just went live. */
  saved_search_match: {
    en: { title: "New match for “{{search}}”", body: "{{listing}}: {{price}} in {{city}}." },
    ar: { title: "إعلان جديد يطابق «{{search}}»", body: "{{listing}}: {{price}} في {{city}}." },
  },
  /** The same, for a listing whose price went down into the search's range. */
  saved_search_price_drop: {
    en: { title: "Price drop for “{{search}}”", body: "{{listing}} now costs {{price}} in {{city}}." },
    ar: { title: "انخفاض سعر يطابق «{{search}}»", body: "أصبح سعر {{listing}} {{price}} في {{city}}." },
  },
  /** A daily or weekly saved search's new matches, in one notification per search. */
  saved_search_digest: {
    en: { title: "New matches for “{{search}}”", body: "New listings matching your saved search: {{count}}." },
    ar: { title: "نتائج جديدة لبحث «{{search}}»", body: "إعلانات جديدة تطابق بحثك المحفوظ: {{count}}." },
  },
  /** Sent by an admin from the console (to everyone or one person): the admin's own words in each language. */
  admin: {
    en: { title: "{{title}}", body: "{{body}}" },
    ar: { title: "{{title_ar}}", body: "{{body_ar}}" },
  },
} satisfies Record<string, Entry>;

export type NotificationType = keyof typeof NOTIFICATIONS;

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? "");
}
