// What an edit form reads of one's own listing, whatever its kind: the raw values it shows and the
// ids of its photos and documents. Each kind's `Own…` answer adds its own fields.
import { z } from "zod";
import { GalleryImage, int, ListingDocument, ListingStatus, RequestStatus } from "../output";

export const ownListingFields = {
  id: int,
  slug_id: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: int,
  country: z.string(),
  state: z.string(),
  city: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  video_link: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_image: z.string().nullable(),
  request_status: RequestStatus,
  status: ListingStatus,
  gallery_images: z.array(GalleryImage),
  documents: z.array(ListingDocument),
};
