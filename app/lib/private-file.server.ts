// A private file (a chat attachment, a verification document) handed on from the API to the signed-in
// person. The API decides who may read it; anyone else gets the same 404, so nothing is learnt.
import { apiFile } from "./api.server";

const PASSED_ON = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "x-content-type-options",
];

export async function privateFile(path: string, request: Request): Promise<Response> {
  const res = await apiFile(path, { request });
  if (!res.ok) throw new Response("Not found", { status: 404 });
  const headers = new Headers();
  for (const h of PASSED_ON) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: 200, headers });
}
