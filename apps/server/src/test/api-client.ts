import { DEMO_PASSWORD } from "../features/demo/accounts";

export type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;

export interface CallOptions {
  token?: string;
  lang?: "ja" | "en";
  headers?: Record<string, string>;
}

/** Calls to the API of the server at `origin` (http://host:port), in English unless told otherwise. */
export function apiClient(origin: string) {
  async function call(method: string, path: string, body?: Json, o: CallOptions = {}) {
    const headers: Record<string, string> = { "accept-language": o.lang ?? "en", ...o.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
    return { status: res.status, body: json as any, headers: res.headers };
  }

  async function signIn(email: string, password = DEMO_PASSWORD) {
    const res = await call("POST", "/auth/sign-in", { email, password });
    if (res.status !== 200)
      throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { idToken: string; refreshToken: string; user: { uid: string } };
  }

  return { call, signIn };
}
