// Saved searches with alerts: saved from the list's own filters, listed, renamed, re-timed,
// switched off and deleted by their owner only (anyone else gets "not found"); switched off from an
// email's link without signing in.
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { prepareParameterFilters } from "../listings/property/schema";
import { SavedSearch, Unsubscribed } from "./output";
import { saveSearchSchema, savedSearchIdSchema, unsubscribeSchema, updateSavedSearchSchema } from "./schema";
import {
  deleteSearch,
  saveSearch,
  savedSearchOf,
  savedSearchesOf,
  setAlertsByToken,
  updateSearch,
} from "./service";

export const getSavedSearches = defineCall({
  name: "saved-searches",
  method: "GET",
  access: "user",
  tag: "saved searches",
  summary:
    "The caller's saved searches, newest first: what each looks for (and the list page's query string for its results), how often alerts come, and matches of the last 7 days",
  input: z.object({}),
  output: z.array(SavedSearch),
  total: true,
  recheckSession: true,
  async handler(_input, ctx) {
    const rows = await savedSearchesOf(ctx.db, member(ctx).id);
    return { data: rows, total: rows.length };
  },
});

export const saveSearchCall = defineCall({
  name: "save-search",
  path: "saved-searches",
  method: "POST",
  access: "user",
  tag: "saved searches",
  summary:
    "Save a search for alerts: a name, how often (instant, daily or weekly) and the search in get_property's own fields (pmin_<id> and the like too); paging, order and dates are ignored. At most 50 per person",
  input: saveSearchSchema,
  prepare: prepareParameterFilters,
  output: SavedSearch,
  created: true,
  errorStatuses: [409],
  async handler(input, ctx) {
    const row = await saveSearch(ctx.db, member(ctx).id, input, ctx.lang);
    return { data: row, message: "Search saved", status: 201 };
  },
});

export const getSavedSearch = defineCall({
  name: "saved-search",
  path: "saved-searches/{id}",
  method: "GET",
  access: "user",
  tag: "saved searches",
  summary: "One of the caller's saved searches",
  input: savedSearchIdSchema,
  output: SavedSearch,
  errorStatuses: [404],
  recheckSession: true,
  async handler(input, ctx) {
    return { data: await savedSearchOf(ctx.db, member(ctx).id, input.id) };
  },
});

export const updateSavedSearch = defineCall({
  name: "update-saved-search",
  path: "saved-searches/{id}",
  method: "PUT",
  access: "user",
  tag: "saved searches",
  summary:
    "Rename one of the caller's saved searches, change how often its alerts come, or switch them off or on (alerts_on)",
  input: updateSavedSearchSchema,
  output: SavedSearch,
  errorStatuses: [404],
  async handler({ id, ...changes }, ctx) {
    const row = await updateSearch(ctx.db, member(ctx).id, id, changes);
    return { data: row, message: "Saved search updated" };
  },
});

export const deleteSavedSearch = defineCall({
  name: "delete-saved-search",
  path: "saved-searches/{id}",
  method: "DELETE",
  access: "user",
  tag: "saved searches",
  summary: "Delete one of the caller's saved searches (its alerts stop)",
  input: savedSearchIdSchema,
  output: SavedSearch,
  errorStatuses: [404],
  async handler(input, ctx) {
    const row = await deleteSearch(ctx.db, member(ctx).id, input.id);
    return { data: row, message: "Saved search deleted" };
  },
});

export const savedSearchUnsubscribe = defineCall({
  name: "saved-search-unsubscribe",
  method: "POST",
  access: "public",
  tag: "saved searches",
  summary:
    "The unsubscribe link of an alert email (its signed token): switches alerts off for the searches it names, or back on with alerts_on=1. No sign-in needed",
  input: unsubscribeSchema,
  output: Unsubscribed,
  errorStatuses: [404],
  async handler(input, ctx) {
    const on = input.alerts_on ?? false;
    const result = await setAlertsByToken(ctx.db, input.token, on);
    return { data: result, message: on ? "Alerts are on again" : "Alerts switched off" };
  },
});
