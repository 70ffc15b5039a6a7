// The alert email: one per person per digest run, every saved search that has news in it, up to
// ten listings each (title, price, city, link), a link to all results, and a one-click way out
// (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058) that needs no sign-in. Text and HTML,
// in the language the searches were saved in.
import type { Mail } from "../contact/mailer";

export type MailLang = "en" | "ar";

const TEXT = {
  en: {
    subjectOne: "New matches for “{{search}}”",
    subjectMany: "New listings for your saved searches",
    hello: "Hello {{name}},",
    intro: "These listings are new since we last wrote about your saved searches.",
    count: "New matches: {{count}}",
    priceDrop: "Price dropped",
    seeAll: "See all results",
    stop: "Stop alerts for this search",
    manage: "Manage your saved searches",
    unsubscribe: "Unsubscribe from these emails",
    why: "You get this email because you saved searches on {{site}} with alerts on.",
  },
  ar: {
    subjectOne: "نتائج جديدة لبحث «{{search}}»",
    subjectMany: "إعلانات جديدة لعمليات البحث المحفوظة",
    hello: "مرحبًا {{name}}،",
    intro: "هذه الإعلانات جديدة منذ آخر رسالة أرسلناها إليك عن عمليات البحث المحفوظة.",
    count: "نتائج جديدة: {{count}}",
    priceDrop: "انخفض السعر",
    seeAll: "عرض كل النتائج",
    stop: "إيقاف التنبيهات لهذا البحث",
    manage: "إدارة عمليات البحث المحفوظة",
    unsubscribe: "إلغاء الاشتراك في هذه الرسائل",
    why: "تصلك هذه الرسالة لأنك حفظت عمليات بحث على {{site}} مع تفعيل التنبيهات.",
  },
} satisfies Record<MailLang, Record<string, string>>;

export interface DigestListing {
  title: string;
  /** Already formatted, with the currency. */
  price: string;
  city: string;
  url: string;
  priceDrop: boolean;
  /** A picture of the place on a map (absolute address), when the listing has coordinates. */
  map?: string | null;
}

export interface DigestSection {
  name: string;
  total: number;
  listings: DigestListing[];
  resultsUrl: string;
  unsubscribeUrl: string;
}

export interface DigestMailInput {
  to: string;
  name: string;
  lang: MailLang;
  site: string;
  sections: DigestSection[];
  manageUrl: string;
  /** Switches off every search in this email: the List-Unsubscribe target. */
  unsubscribeUrl: string;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function digestMail(input: DigestMailInput): Mail {
  const t = TEXT[input.lang];
  const one = input.sections.length === 1;
  const subject = one ? fill(t.subjectOne, { search: input.sections[0]!.name }) : t.subjectMany;
  const numbers = new Intl.NumberFormat(input.lang === "ar" ? "ar-AE" : "en-US");

  const text = [
    fill(t.hello, { name: input.name }),
    "",
    t.intro,
    ...input.sections.flatMap((s) => [
      "",
      `== ${s.name} ==`,
      fill(t.count, { count: numbers.format(s.total) }),
      ...s.listings.map(
        (l) => `- ${l.title} · ${l.price} · ${l.city}${l.priceDrop ? ` (${t.priceDrop})` : ""}\n  ${l.url}`,
      ),
      `${t.seeAll}: ${s.resultsUrl}`,
      `${t.stop}: ${s.unsubscribeUrl}`,
    ]),
    "",
    `${t.manage}: ${input.manageUrl}`,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    "",
    fill(t.why, { site: input.site }),
  ].join("\n");

  const dir = input.lang === "ar" ? "rtl" : "ltr";
  const link = (href: string, label: string) =>
    `<a href="${esc(href)}" style="color:#0f766e">${esc(label)}</a>`;
  const html = `<!doctype html>
<html lang="${input.lang}" dir="${dir}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Tahoma,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px" dir="${dir}">
<p>${esc(fill(t.hello, { name: input.name }))}</p>
<p>${esc(t.intro)}</p>
${input.sections
  .map(
    (s) => `<h2 style="font-size:18px;margin:24px 0 4px">${esc(s.name)}</h2>
<p style="margin:0 0 8px;color:#4b5563">${esc(fill(t.count, { count: numbers.format(s.total) }))}</p>
<ul style="padding-inline-start:20px">
${s.listings
  .map(
    (l) =>
      `<li style="margin-bottom:8px">${l.map ? `<img src="${esc(l.map)}" alt="" width="160" height="100" style="display:block;border-radius:6px;margin-bottom:4px">` : ""}${link(l.url, l.title)}<br><strong dir="ltr">${esc(l.price)}</strong> · ${esc(l.city)}${l.priceDrop ? ` · <em>${esc(t.priceDrop)}</em>` : ""}</li>`,
  )
  .join("\n")}
</ul>
<p>${link(s.resultsUrl, t.seeAll)} · <span style="font-size:13px">${link(s.unsubscribeUrl, t.stop)}</span></p>`,
  )
  .join("\n")}
<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="font-size:13px;color:#6b7280">${esc(fill(t.why, { site: input.site }))}<br>${link(input.manageUrl, t.manage)} · ${link(input.unsubscribeUrl, t.unsubscribe)}</p>
</body></html>`;

  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
