// Answers about categories and the parameters listings of each carry.
import { z } from "zod";
import { count, FieldType, int, named } from "../output";

/** A parameter a category's listings carry (bedrooms, furnished…), with its options in the caller's language. */
export const ParameterType = z.object({
  id: int,
  /** A stable key of the English name (`bedrooms`): filters in URLs use it. */
  key: z.string(),
  name: z.string(),
  type_of_parameter: FieldType,
  type_values: z.array(z.object({ value: z.string(), label: z.string() })),
  unit: z.string().nullable(),
  image: z.string().nullable(),
});

/** A category with its parameters and how many public listings it has. */
export const Category = named(
  "Category",
  z.object({
    id: int,
    category: z.string(),
    slug_id: z.string(),
    image: z.string().nullable(),
    properties_count: count,
    parameter_types: z.array(ParameterType),
  }),
  "A category with its parameters and its number of public listings",
);
