// "Add a plan" (spec §5: the current floor must be filled before another is added). With
// JavaScript a row is added in the browser; without it the button posts the form with this intent,
// and the action answers the same form with one more empty row, or, while the last row is empty,
// with the refusal on that row. The browser and the action read the same rule from here.

/** The add button's intent (a submit button's name and value without JavaScript). */
export const ADD_PLAN_INTENT = "add-plan";
/** A hidden field: how many new rows the form shows, so a reloaded form keeps the ones added. */
export const PLAN_ROWS_FIELD = "plan_rows";
/** Empty plan rows a new form starts with. */
export const EMPTY_PLAN_ROWS = 3;
/** Never more new rows than the API takes plans. */
export const MAX_NEW_PLAN_ROWS = 20;
/** The refusal, on the empty row's title. */
export const FILL_PLAN_FIRST = "Fill in this plan before adding another";

/** The title field of plan row `index`: where the refusal goes. */
export const planTitleName = (index: number) => `plans[${index}].title`;

/** A row is empty when it has neither a title nor a file. */
export function planRowEmpty(title: unknown, file: unknown): boolean {
  const hasTitle = typeof title === "string" && title.trim() !== "";
  const hasFile =
    typeof File !== "undefined" && file instanceof File ? file.size > 0 || file.name !== "" : false;
  return !hasTitle && !hasFile;
}

/** How many new rows a form (re)shows: what it sent last time, else the starting number. */
export function newPlanRowCount(sent: string | undefined): number {
  const n = Number(sent);
  return Number.isInteger(n) && n >= 0 && n <= MAX_NEW_PLAN_ROWS ? n : EMPTY_PLAN_ROWS;
}
