// Answers about favourites (hearts) and interest in a listing.
import { z } from "zod";
import { count, int } from "../output";

/** `add_favourite`: the new state and how many people have hearted the listing. */
export const FavouriteState = z.object({
  property_id: int,
  is_favourite: z.boolean(),
  favourites_count: count,
});

/** `interested_users`: whether the caller is now registered as interested. */
export const InterestState = z.object({ property_id: int, is_interested: z.boolean() });

/** `get-interest`: also whether the listing is the caller's own (nothing to register then). */
export const InterestOf = InterestState.extend({ own: z.boolean() });
