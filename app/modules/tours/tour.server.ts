// The listing page's tour: asked only for listings whose card says they have one (`has_tour`).
import { api } from "~/lib/api.server";
import { viewableRooms, type TourView } from "./tour-data";
import { logger } from "~server/observability/log";

/**
 * The published tour of a property, or null when it has none to show: none at all (404), withdrawn
 * since the listing was read, or without a single room picture. The tour is an extra of the page,
 * so a failure to get it leaves the rest of the listing as it is rather than failing the page.
 */
export async function tourOfListing(
  request: Request,
  locale: string,
  propertyId: number,
): Promise<TourView | null> {
  try {
    const res = await api("virtual-tour-of-property", { id: propertyId }, { request, locale });
    if (res.error) return null;
    // The listing's owner is answered with their draft too; the page shows what visitors see.
    if (res.data.status !== "published") return null;
    return viewableRooms(res.data.fullRoomData).length ? res.data : null;
  } catch (error) {
    logger().error({ err: error }, "Could not read the listing's virtual tour");
    return null;
  }
}
