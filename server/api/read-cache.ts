// How a call's handler is run: a shared read from everyone's copy (made personal for a signed-in
// caller where the call knows how), a person's own read from their copy, anything else afresh. A
// call that changed rows answers only once this process has heard of its change, so the caller's
// next read cannot be an old copy. Copies live SHARED_READ_SECONDS at most and go as soon as a
// table they were read from changes (server/cache).
import type { AnyCall, CallResult } from "./call";
import type { ApiContext } from "./context";
import { currentRequest } from "../observability/request-context";
import { hearChanges, personalReads, settleWrites, sharedReads, traced, type KeptAnswer } from "../cache";

const succeeded = (answer: KeptAnswer) => (answer.status ?? 200) === 200;

export async function runHandler(
  call: AnyCall,
  input: unknown,
  ctx: ApiContext,
): Promise<CallResult<unknown>> {
  const ttlMs = (ctx.sharedReadSeconds ?? 0) * 1000;
  if (ttlMs > 0 && call.method === "GET" && ctx.listen && (await hearChanges(ctx.listen))) {
    const key = `${call.name} ${ctx.lang} ${JSON.stringify(input)}`;
    // A public call does not ask who is calling: its copy is everyone's as it is.
    const sameForAll = call.access === "public";
    if (call.shared && (!ctx.principal || sameForAll || call.personalize)) {
      // Everyone's answer is read as nobody in particular: no caller's rows can slip into it.
      const everyone = ctx.principal ? { ...ctx, principal: null, user: null } : ctx;
      const kept = await sharedReads.getOrLoad(key, () => call.handler(input, everyone), succeeded, ttlMs);
      if (!ctx.principal || sameForAll || !succeeded(kept)) return kept as CallResult<unknown>;
      const data = await call.personalize!(kept.data, input, ctx);
      if (data !== null) return { ...kept, data } as CallResult<unknown>;
    } else if (call.perPerson && ctx.user) {
      return (await personalReads.getOrLoad(
        `${ctx.user.id} ${key}`,
        () => call.handler(input, ctx),
        succeeded,
        ttlMs,
      )) as CallResult<unknown>;
    }
  }
  const { value, wrote } = await traced(() => call.handler(input, ctx));
  if (wrote) {
    // The rows of this request's callers may be among what changed.
    currentRequest()?.users?.clear();
    await settleWrites(ctx.db);
  }
  return value;
}
