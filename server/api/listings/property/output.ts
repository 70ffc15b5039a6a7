// Answers about listings (properties): the listing as lists and its page show it, the map, the
// sitemap, and the owner's own listing for its edit form.
import { z } from "zod";
import {
  coordinatesOutput,
  ownListingFields,
  placeOutput,
  reviewOutput,
  seoOutput,
  Warnings,
} from "../edit-output";
import { propertyStatusEnum, propertyTypeEnum, rentDurationEnum } from "../../../db/schema";
import {
  count,
  dateTime,
  FieldType,
  GalleryImage,
  Gate,
  Image,
  int,
  ListingDocument,
  named,
  RequestStatus,
} from "../../output";

export const PropertyType = z.enum(propertyTypeEnum.enumValues);
export const RentDuration = z.enum(rentDurationEnum.enumValues);
export const PropertyStatus = z.enum(propertyStatusEnum.enumValues);

/** A category as a listing card names it. */
export const CategoryRef = named(
  "CategoryRef",
  z.object({ id: int, category: z.string(), slug_id: z.string(), image: z.string().nullable() }),
  "A listing's category, named in the caller's language",
);

/** A public listing: what cards show, and (when one listing is asked for) its gallery and documents. */
export const Property = named(
  "Property",
  z.object({
    id: int,
    slug_id: z.string(),
    title: z.string(),
    /** A premium listing locked to the caller: the opening of it, ending in "…". */
    description: z.string(),
    price: z.number(),
    property_type: PropertyType,
    rentduration: RentDuration.nullable(),
    category: CategoryRef,
    ...placeOutput,
    address: z.string(),
    ...coordinatesOutput,
    title_image: Image.nullable(),
    /** Only when one listing is asked for (id or slug_id); the first few photos of a locked premium listing. */
    gallery: z.array(Image).optional(),
    /** Only when one listing is asked for; none of a locked premium listing. */
    documents: z.array(ListingDocument).optional(),
    three_d_image: z.string().nullable(),
    video_link: z.string().nullable(),
    parameters: z.array(
      z.object({
        id: int,
        /** A stable key of the parameter's English name (`bedrooms`), for filters in URLs. */
        key: z.string(),
        name: z.string(),
        type_of_parameter: FieldType,
        value: z.string(),
        unit: z.string().nullable(),
        image: z.string().nullable(),
      }),
    ),
    facilities: z.array(
      z.object({ id: int, name: z.string(), image: z.string().nullable(), distance: z.number() }),
    ),
    /**
     * The owner. `mobile` and `email` are null except to the owner themself and admins: others ask
     * `reveal-contact` (decision 023); `has_mobile` and `has_email` say what there is to ask for.
     */
    customer: z.object({
      id: int,
      name: z.string(),
      profile: z.string().nullable(),
      type: z.string(),
      mobile: z.string().nullable(),
      email: z.string().nullable(),
      has_mobile: z.boolean(),
      has_email: z.boolean(),
      is_verified: z.boolean(),
    }),
    is_premium: z.boolean(),
    /** Posted by the marketplace's own team. */
    is_admin: z.boolean(),
    /** A published virtual tour ("3D tour" badge; virtual-tours/property/{id}). */
    has_tour: z.boolean(),
    /** Kilometres from the position the caller gave (near_lat, near_lng), as the crow flies; else null. */
    distance_km: z.number().nullable(),
    premium_locked: z.boolean(),
    /** For a signed-in caller a locked premium listing names the package that opens it. */
    premium_gate: Gate.nullable(),
    promoted: z.boolean(),
    is_favourite: z.boolean(),
    favourites_count: count,
    total_click: count,
    ...reviewOutput,
    property_status: PropertyStatus,
    ...seoOutput,
    created_at: dateTime,
  }),
  "A public listing as lists and its page show it",
);

export const Properties = z.array(Property);

/** A city with public listings, its count and the middle of its listings. */
export const CitiesData = z.array(
  z.object({
    ...placeOutput,
    count,
    ...coordinatesOutput,
  }),
);

/** `get-map-clusters`: every listing in the box as a marker, or grid clusters and the single listings between them. */
export const MapClusters = z.object({
  clusters: z.array(
    z.object({
      /** Stable while the grid stays the same (zoom level and cell). */
      id: z.string(),
      count,
      latitude: z.number(),
      longitude: z.number(),
      /** west, south, east, north of its listings. */
      bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
  markers: z.array(
    z.object({
      id: int,
      slug_id: z.string(),
      title: z.string(),
      price: z.number(),
      property_type: PropertyType,
      rentduration: RentDuration.nullable(),
      latitude: z.number(),
      longitude: z.number(),
      /** The smallest WebP of the first photo. */
      image: z.string().nullable(),
      image_avif: z.string().nullable(),
    }),
  ),
  clustered: z.boolean(),
  /**
   * The clusters' counts (and the total) are estimates from a fixed sample of the listings: a map
   * of a whole region with many thousands of matches. Zoomed in to fewer, they are exact.
   */
  estimated: z.boolean().optional(),
});

/** A page's slug and its last change, for sitemaps. */
export const SitemapEntry = named("SitemapEntry", z.object({ slug_id: z.string(), updated_at: dateTime }));

/** `set_property_total_click`: whether this view was counted (once per visitor and hour). */
export const ViewCounted = z.object({ counted: z.boolean() });

/** `post_property`, `update_post_property`: the saved listing and advice on its texts. */
export const SavedProperty = z.object({
  id: int,
  slug_id: z.string(),
  request_status: RequestStatus,
  warnings: Warnings,
});

/** `get-own-property`: one's own listing as its edit form needs it, raw values and file ids. */
export const OwnProperty = z.object({
  ...ownListingFields,
  property_type: PropertyType,
  rentduration: RentDuration.nullable(),
  price: z.number(),
  address: z.string(),
  client_address: z.string().nullable(),
  is_premium: z.boolean(),
  title_image: GalleryImage.nullable(),
  three_d_image: z.string().nullable(),
  parameters: z.array(z.object({ parameter_id: int, value: z.string() })),
  facilities: z.array(z.object({ facility_id: int, distance: z.number() })),
});

/** `reverse-geocode`: the place at a map pin, or null. */
export const ReverseGeocode = z
  .object({
    city: z.string(),
    state: z.string(),
    country: z.string(),
    country_code: z.string(),
    address: z.string(),
    source: z.enum(["offline", "provider"]),
  })
  .nullable();

/** `get-location-options`: countries, and the states and cities of the one asked for. */
export const LocationOptions = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  states: z.array(z.string()),
  cities: z.array(z.string()),
});
