// People for system tests: accounts in the Auth emulator, profiles made through an instance's API.
const EMULATOR = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9199";
const PROJECT = () => process.env.FIREBASE_PROJECT_ID ?? "demo-souq-test";
let made = 0;

async function identity<T>(path: string, body: unknown, owner = false): Promise<T> {
  const r = await fetch(`http://${EMULATOR()}/identitytoolkit.googleapis.com/v1/${path}?key=system-test`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(owner ? { authorization: "Bearer owner" } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A JSON call to an instance's API with an optional bearer token; the envelope and the status. */
export async function call<T = any>(
  origin: string,
  name: string,
  {
    token,
    body,
    method = body ? "POST" : "GET",
    headers = {},
  }: {
    token?: string;
    body?: unknown;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: { error: boolean; message: string; data: T } }> {
  const r = await fetch(`${origin}/api/${name}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { error: true, message: text.slice(0, 200), data: null };
  }
  return { status: r.status, body: parsed };
}

export interface Person {
  id: number;
  uid: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

/** Registers through `origin`'s API (the account lands in the emulator, the profile in the database). */
export async function person(origin: string, name: string): Promise<Person> {
  const email = `system-${process.pid}-${Date.now()}-${made++}@example.test`;
  const password = "secret123";
  const r = await call<{ user: { id: number; firebase_id?: string }; token: string }>(
    origin,
    "user-register",
    {
      body: { name, email, mobile: "+971501234567", password, re_password: password },
    },
  );
  if (r.status !== 200) throw new Error(`user-register: ${r.status} ${JSON.stringify(r.body)}`);
  const login = await call<{ token: string; uid: string }>(origin, "user-login", {
    body: { email, password },
  });
  if (login.status !== 200) throw new Error(`user-login: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    id: r.body.data.user.id,
    uid: login.body.data.uid,
    email,
    password,
    name,
    token: login.body.data.token,
  };
}

/** Gives the person the admin claim and a token that carries it (claims reach a token at sign-in). */
export async function makeAdmin(origin: string, p: Person): Promise<Person> {
  await identity(
    `projects/${PROJECT()}/accounts:update`,
    { localId: p.uid, customAttributes: JSON.stringify({ admin: true }) },
    true,
  );
  const login = await call<{ token: string }>(origin, "user-login", {
    body: { email: p.email, password: p.password },
  });
  return { ...p, token: login.body.data.token };
}
