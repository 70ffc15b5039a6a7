import { describe, expect, it } from "vitest";
import type { SubmissionResult } from "@conform-to/react";
import { addPlanAnswer } from "./form.server";
import { FILL_PLAN_FIRST } from "./plan-rows";

/** The project form as a browser without JavaScript sends it: every row's title, every file input. */
function form(rows: { id?: number; title?: string; file?: boolean }[], extra: Record<string, string> = {}) {
  const f = new FormData();
  f.set("title", "Creek Terraces");
  rows.forEach((r, i) => {
    if (r.id) f.set(`plans[${i}].id`, String(r.id));
    f.set(`plans[${i}].title`, r.title ?? "");
    f.set(
      `plans[${i}].document`,
      r.file ? new File(["%PDF-1.4"], "plan.pdf", { type: "application/pdf" }) : new File([], ""),
    );
  });
  f.set("plan_rows", String(rows.filter((r) => !r.id).length));
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
}

type Answer = SubmissionResult<string[]> | { data: SubmissionResult<string[]>; init: { status: number } };
const unwrap = (a: unknown) => {
  const x = a as Answer;
  return "init" in x ? { status: x.init.status, reply: x.data } : { status: 200, reply: x };
};

describe("'Add a plan' without JavaScript (spec §5: the current floor is filled first)", () => {
  it("is not its business when the form was sent to be saved", () => {
    expect(addPlanAnswer(form([{}, {}, {}]))).toBeNull();
  });

  it("refuses while the last row is empty, with the message on that row, and keeps what was typed", () => {
    const { status, reply } = unwrap(
      addPlanAnswer(form([{ title: "Ground floor" }, {}, {}], { intent: "add-plan" })),
    );
    expect(status).toBe(400);
    expect(reply.error).toEqual({ "plans[2].title": [FILL_PLAN_FIRST] });
    expect(reply.initialValue).toMatchObject({ title: "Creek Terraces", plan_rows: "3" });
    expect((reply.initialValue as { plans: { title?: string }[] }).plans[0]).toEqual({
      title: "Ground floor",
    });
  });

  it("adds a row once the last one has a title or a file", () => {
    for (const last of [{ title: "Penthouse" }, { file: true }]) {
      const { status, reply } = unwrap(addPlanAnswer(form([{}, {}, last], { intent: "add-plan" })));
      expect(status).toBe(200);
      expect(reply.error).toBeUndefined();
      expect(reply.initialValue).toMatchObject({ plan_rows: "4" });
    }
  });

  it("counts a saved plan as filled, and stops at the number of plans a project may have", () => {
    const saved = unwrap(addPlanAnswer(form([{ id: 7, title: "Ground floor" }], { intent: "add-plan" })));
    expect(saved.status).toBe(200);
    expect(saved.reply.initialValue).toMatchObject({ plan_rows: "1" });
    const full = unwrap(
      addPlanAnswer(
        form(
          Array.from({ length: 20 }, (_, i) => ({ title: `Floor ${i + 1}` })),
          { intent: "add-plan" },
        ),
      ),
    );
    expect(full.status).toBe(400);
    expect(full.reply.error).toEqual({ plans: ["At most 20 plans"] });
  });
});
