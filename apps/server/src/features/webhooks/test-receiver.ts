import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the next requests: a status, or no answer for `slowMs`. */
export type ReceiverMode = { status: number } | { slowMs: number };

/**
 * A webhook receiver for tests (API and e2e): records every request's headers and raw body and answers as told
 * (`answers`, one per request, then `mode`; 204 by default).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: ReceiverMode[] = [];
  let mode: ReceiverMode = { status: 204 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.shift() ?? mode;
      if ("slowMs" in answer) {
        const timer = setTimeout(() => res.writeHead(204).end(), answer.slowMs);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      res.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/mimamori`,
    received,
    answers,
    setMode(m: ReceiverMode) {
      mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
