// What a mobile app does with the API, written against types generated from /api/openapi.json
// (openapi-typescript) and called with openapi-fetch. server/api/client.test.ts generates the types
// next to a copy of this file and type-checks both, so a response the document leaves untyped, or
// types differently from what the app reads, fails the check; it also runs this against the API.
// `./souq-api` exists only in that generated folder.
import createClient from "openapi-fetch";
import type { paths } from "./souq-api";

export interface MobileSession {
  token: string;
  found: number;
  listing: { id: number; slug: string; title: string; price: number; ownerName: string };
  messageId: number;
  sentAt: string;
}

/** Sign in, search, open the first listing found, and ask its owner a question about it. */
export async function mobileSession(options: {
  baseUrl: string;
  email: string;
  password: string;
  city?: string;
  fetch?: (request: Request) => Promise<Response>;
}): Promise<MobileSession> {
  const api = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });

  const login = await api.POST("/user-login", { body: { email: options.email, password: options.password } });
  if (!login.data) throw new Error(`Sign-in failed: ${login.error?.message}`);
  const token: string = login.data.data.token;

  const search = await api.GET("/get_property", {
    params: {
      query: { city: options.city, property_type: "sell", min_price: 1, sort: "price_asc", limit: 5 },
    },
  });
  if (!search.data) throw new Error(`Search failed: ${search.error?.message}`);
  const found: number = search.data.total;
  const first = search.data.data[0];
  if (!first) throw new Error("The search found nothing");
  const cardTitle: string = first.title;
  const cardPrice: number = first.price;

  // The app opens the listing by its slug, as a shared link names it.
  const opened = await api.GET("/get_property", { params: { query: { slug_id: first.slug_id } } });
  if (!opened.data) throw new Error(`Opening the listing failed: ${opened.error?.message}`);
  const listing = opened.data.data[0];
  if (!listing || listing.id !== first.id || listing.title !== cardTitle || listing.price !== cardPrice)
    throw new Error("The listing opened is not the one found");
  const ownerId: number = listing.customer.id;
  const ownerName: string = listing.customer.name;

  const sent = await api.POST("/send_message", {
    headers: { authorization: `Bearer ${token}` },
    body: {
      receiver_id: ownerId,
      property_id: listing.id,
      message: `Is "${listing.title}" still available?`,
    },
  });
  if (!sent.data) throw new Error(`Sending the message failed: ${sent.error?.message}`);
  const messageId: number = sent.data.data.message_id;
  const sentAt: string = sent.data.data.created_at;

  return {
    token,
    found,
    listing: { id: listing.id, slug: listing.slug_id, title: listing.title, price: listing.price, ownerName },
    messageId,
    sentAt,
  };
}
