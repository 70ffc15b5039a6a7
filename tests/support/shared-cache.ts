// A shared cache in front of the site, as a CDN set to "cache everything" behaves: it keys a stored
// answer by its address alone, ignoring Vary (Cookie included), and stores every 200 GET marked
// public. `bypassCookie` is the rule the README asks of such a CDN: a request carrying that cookie
// neither reads nor writes the shared copy.
import { createServer, type IncomingMessage, type Server } from "node:http";

interface Stored {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface SharedCache {
  origin: string;
  /** How many answers came from the stored copy. */
  hits(): number;
  stop(): Promise<void>;
}

export async function startSharedCache(upstream: string, options: { bypassCookie?: string } = {}) {
  const stored = new Map<string, Stored>();
  let hits = 0;
  const bypass = (req: IncomingMessage) =>
    options.bypassCookie !== undefined &&
    String(req.headers.cookie ?? "")
      .split(/;\s*/)
      .some((c) => c.startsWith(`${options.bypassCookie}=`));
  const server: Server = createServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    const skip = req.method !== "GET" || bypass(req);
    const kept = skip ? undefined : stored.get(key);
    if (kept) {
      hits++;
      res.writeHead(kept.status, [...kept.headers.flat(), "x-shared-cache", "hit"]);
      res.end(kept.body);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && name !== "host") headers.set(name, String(value));
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const out: [string, string][] = [...answer.headers].filter(
      ([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name),
    );
    for (const cookie of answer.headers.getSetCookie()) out.push(["set-cookie", cookie]);
    const control = answer.headers.get("cache-control") ?? "";
    if (
      !skip &&
      answer.status === 200 &&
      /\b(public|s-maxage)\b/.test(control) &&
      !/\b(private|no-store)\b/.test(control)
    )
      stored.set(key, { status: answer.status, headers: out.filter(([n]) => n !== "set-cookie"), body });
    res.writeHead(answer.status, out.flat());
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: () => hits,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies SharedCache;
}
