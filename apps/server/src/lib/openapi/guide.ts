import {
  DEFAULT_TIMEZONE,
  ERRORS,
  type ErrorCode,
  ID_TOKEN_TTL_S,
  INGEST_FUTURE_SKEW_S,
  INGEST_MAX_BYTES,
  INGEST_MAX_SAMPLES,
  INGEST_MAX_SLEEP,
  INGEST_MIN_TIME_S,
  INGEST_REJECTION_REASONS,
  MEASURES,
  REFRESH_TOKEN_TTL_S,
  SLEEP_SEGMENT_MAX_S,
  SLEEP_STAGES,
} from "@mimamori/shared";
import { DEFAULT_PORT } from "../../config";
import { RATE_LIMIT_DEFAULTS } from "../rate-limits";
import { BAND_UPLOAD_EXAMPLE } from "./operations";

/*
 * The page for integrators (issue 30 §2): the OpenAPI document's `info.description`, which /api/docs renders as
 * markdown above the operations, with the band upload as a how-to. Every path, limit, code and demo account is
 * taken from the code, so the text cannot drift from what the server does (openapi.test.ts checks it against the
 * running app). English only (docs/decisions.md).
 */

/** A demo account the quick start writes (features/demo/seed.ts; app.ts passes them in). */
export interface GuideAccount {
  email: string;
  role: string;
}

export interface GuideInput {
  /** The demo accounts and their password where this server writes them (`seedDemo`), else null. */
  demo: { accounts: readonly GuideAccount[]; password: string } | null;
}

/** What a band app does with a failed upload, by error code: resend the batch as it is, or not. */
export const UPLOAD_FAILURES: readonly { codes: readonly ErrorCode[]; retry: boolean; action: string }[] = [
  {
    codes: ["unauthenticated"],
    retry: true,
    action: "The id token expired: get a new one (refresh), then resend.",
  },
  {
    codes: ["rate-limited"],
    retry: true,
    action: "Wait the `Retry-After` seconds, then resend.",
  },
  { codes: ["unknown-error", "not-ready"], retry: true, action: "Resend later, waiting longer each time." },
  {
    codes: ["batch-too-large", "payload-too-large"],
    retry: false,
    action: "Do not resend it whole: split the batch and send the parts.",
  },
  {
    codes: ["invalid-input"],
    retry: false,
    action:
      "Do not resend: the body is not `{samples: [...], sleep: [...]}` as JSON (`Content-Type: application/json`).",
  },
  {
    codes: ["email-not-verified", "terms-acceptance-required"],
    retry: false,
    action: "Do not resend: the person must act in the web app (verify the address, accept the terms).",
  },
];

const n = (x: number) => x.toLocaleString("en");
const code = (s: string | number) => `\`${s}\``;
const iso = (epochS: number) => new Date(epochS * 1000).toISOString().replace(".000Z", "Z");
const duration = (s: number) =>
  s % 86_400 === 0 && s > 86_400
    ? `${s / 86_400} days`
    : s % 3600 === 0
      ? `${s / 3600} h`
      : `${s / 60} minutes`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

/**
 * The markdown of the page (`info.description`); `pathOf` gives an operation's path by its operationId
 * (document.ts, `operationPaths`).
 */
export function integratorsGuide({ demo }: GuideInput, pathOf: (operationId: string) => string): string {
  const signIn = pathOf("signIn");
  const refresh = pathOf("refreshToken");
  const upload = pathOf("uploadVitals");
  const base = `http://localhost:${DEFAULT_PORT}`;
  // the curl example signs in as the demo client where there is one, else as the reader's own account
  const client = demo?.accounts.find((a) => a.role.startsWith("client")) ?? demo?.accounts[0];
  const who = client
    ? {
        email: client.email,
        password: demo?.password ?? "",
        text: `With \`npm start\` (${base}), the demo client \`${client.email}\``,
      }
    : {
        email: "you@example.com",
        password: "your-password",
        text: "On this server (set `BASE` below to its address), a client account of yours",
      };
  const { bandUploads, windowS } = RATE_LIMIT_DEFAULTS;
  // the example's samples at the last minutes (epoch seconds): the demo's simulated data ends at the first start
  const { samples } = BAND_UPLOAD_EXAMPLE;
  const recent = samples.map(({ code: measure, value }, i) => {
    const back = (samples.length - 1 - i) * 60;
    return `{"code":"${measure}","time":'${back ? `$((NOW - ${back}))` : "$NOW"}',"value":${value}}`;
  });
  return [
    "The API of Mimamori's web app, for integrators: a band app uploading its wearer's data, or a system " +
      "reading an entity's reports. This page is in English only; the API's error messages follow " +
      "`Accept-Language` (`ja` or `en`).",
    "",
    "Bodies and answers are JSON unless an operation says otherwise. Every error has one shape, `Error`: " +
      '`{"detail", "code", "field"?}`: branch on `code` (stable), show `detail` (a sentence in the caller\'s ' +
      "language); `field` names the input at fault.",
    "",
    "## 1. Get a token",
    "",
    `1. \`POST ${signIn}\` with \`{"email", "password"}\` answers \`idToken\` (valid ${duration(ID_TOKEN_TTL_S)}), ` +
      `\`refreshToken\` (valid ${duration(REFRESH_TOKEN_TTL_S)}) and \`user\`.`,
    "2. Send the id token with every other call, in the header `Authorization: Bearer <idToken>`.",
    `3. When a call answers 401 \`unauthenticated\`, \`POST ${refresh}\` with \`{"refreshToken"}\` answers a new ` +
      "id token: repeat the call with it.",
    "",
    "The account must have a verified e-mail address and have accepted the current terms, or calls answer 403 " +
      "(`email-not-verified`, `terms-acceptance-required`). A staff call names the entity in its `workspace` path " +
      "parameter and needs the token of one of its accepted staff.",
    "",
    ...(demo
      ? [
          `This server holds the quick start's demo accounts (\`npm start\` on an empty data folder, outside production), all with the password \`${demo.password}\`:`,
          "",
          row(["e-mail", "role"]),
          row(["---", "---"]),
          ...demo.accounts.map((a) => row([code(a.email), a.role])),
        ]
      : []),
    "",
    "## 2. How to upload band data",
    "",
    `\`POST ${upload}\` with the wearer's own id token and the body \`{"samples": [...], "sleep": [...]}\` ` +
      "(either list may be left out).",
    "",
    '1. **Samples** are `{"code", "time", "value"}`:',
    "   - `code`: the measure's 8-digit code (table below) as a string;",
    "   - `value`: a number in the measure's unit, within its plausible range;",
    "   - `time`: when it was measured: ISO 8601 with its offset (`2026-11-26T09:00:00+09:00`, `…Z`) or epoch " +
      `seconds (a number); at most ${INGEST_FUTURE_SKEW_S} s ahead of the server's clock, not before ${iso(INGEST_MIN_TIME_S)}.`,
    `2. **Sleep** is sent as records \`{"start", "end", "stage"}\` (stage: ${SLEEP_STAGES.map(code).join(", ")}; ` +
      `times as above; end after start, at most ${duration(SLEEP_SEGMENT_MAX_S)} long), never as samples.`,
    `3. **Batch** them: at most ${n(INGEST_MAX_SAMPLES)} samples and ${n(INGEST_MAX_SLEEP)} sleep records per call, ` +
      `and at most ${INGEST_MAX_BYTES / 1024 / 1024} MB of JSON. By default a person may send ${bandUploads} ` +
      `uploads per ${windowS} s (server settings \`RATE_LIMIT_BAND_UPLOADS\`, \`RATE_LIMIT_WINDOW_S\`).`,
    "4. **Read the answer** `{accepted, duplicates, rejected, last_sync}` (a batch is stored in one transaction: " +
      "after an error answer, nothing of it is):",
    "   - `accepted`: the samples and sleep records stored by this call;",
    "   - `duplicates`: those the server already had, not stored again: a sample with the same code and time as " +
      "a stored one (the stored value stays), a sleep record with the same start, end and stage. **Resending is " +
      "safe**: a resent sample is stored once;",
    "   - `rejected`: `[{kind, index, reason}]`, each row refused on its own (`kind`: `samples` or `sleep`; " +
      `\`index\`: its place in the list sent); the rest of the batch is stored. \`reason\`: ${INGEST_REJECTION_REASONS.map(code).join(", ")}. ` +
      "Do not resend a rejected row unchanged;",
    "   - `last_sync`: the time of this upload (epoch seconds), as staff see it.",
    "5. **When the call fails** (an error answer, below), resend the same batch or not:",
    "",
    row(["status", "code", "resend?", "what to do"]),
    row(["---", "---", "---", "---"]),
    ...UPLOAD_FAILURES.flatMap(({ codes, retry, action }) =>
      codes.map((c) => row([ERRORS[c], code(c), retry ? "yes" : "no", action])),
    ),
    row(["—", "no answer (timeout, network)", "yes", "Resend: what was stored counts as duplicates."]),
    "",
    "The measures (`code`, unit, plausible values):",
    "",
    row(["code", "measure", "unit", "plausible", "how samples add up"]),
    row(["---", "---", "---", "---", "---"]),
    ...MEASURES.map((m) =>
      row([
        code(m.id),
        m.name.en,
        m.unit.en,
        `${m.plausible.min}–${m.plausible.max}`,
        m.aggregation === "mean"
          ? "a level: max, min and mean per period"
          : m.aggregation === "sum"
            ? "a count, totalled per period"
            : "sleep records only",
      ]),
    ),
    "",
    `${who.text} signs in and sends ${samples.length} ` +
      "heart-rate samples of the last minutes (as epoch seconds), twice: the second time they are duplicates.",
    "",
    "```sh",
    `BASE=${base}`,
    `TOKEN=$(curl -s "$BASE${signIn}" -H 'content-type: application/json' \\`,
    `  -d '${JSON.stringify({ email: who.email, password: who.password })}' \\`,
    `  | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).idToken')`,
    "NOW=$(date +%s)",
    `BODY='{"samples":[${recent.join(",")}]}'`,
    "for i in 1 2; do",
    `  curl -s "$BASE${upload}" -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -d "$BODY"; echo`,
    "done",
    `# {"accepted":${samples.length},"duplicates":0,"rejected":[],"last_sync":…}`,
    `# {"accepted":0,"duplicates":${samples.length},"rejected":[],"last_sync":…}`,
    "```",
    "",
    "## 3. Time zones",
    "",
    "- Upload times are instants: an ISO time without its offset is rejected (`invalid-time`); epoch seconds are UTC.",
    "- Answers give times as epoch seconds.",
    "- Reports take a `timezone` query parameter, an IANA zone name (default " +
      `\`${DEFAULT_TIMEZONE}\`; unknown names answer 400 \`invalid-timezone\`): their days, weeks and months ` +
      "start at local midnight there.",
    "",
    "## 4. Reports",
    "",
    "The examples of the `reports` operations are the API's answers after the example of the band upload " +
      "operation (`uploadVitals`: heart rate and a short night on 2026-11-26 in Tokyo), for the demo client and, " +
      "to staff, for the demo entity `sakura`: the client's report list and heart-rate report, and the entity's " +
      "heart-rate report and KPI tiles of that day.",
  ].join("\n");
}
