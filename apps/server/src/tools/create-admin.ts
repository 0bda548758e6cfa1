import { parseArgs } from "node:util";
import { ADMIN_PASSWORD_MIN_LENGTH, checkSuperUser, createSuperUser } from "../features/admin";
import { exitOnStartupError, openConfiguredDatabase, toolConfig } from "../startup";

/**
 * `npm run create-admin -- --email EMAIL --name NAME [--language jp|en]`: creates a verified super user in the
 * configured database. The password is asked for twice without echo, or taken from ADMIN_PASSWORD (automation).
 * An existing account is left as it is.
 */
const usage = 'usage: npm run create-admin -- --email you@example.com --name "Your Name" [--language jp|en]';
let o: { email?: string; name?: string; language?: string };
try {
  o = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      language: { type: "string", default: "jp" },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!o.email || !o.name) {
  console.error(usage);
  process.exit(2);
}

/** Reads a line from the terminal without showing it (Ctrl-C or Ctrl-D cancels). */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          resolve(value);
          return;
        }
        if (ch === "\u0003" || ch === "\u0004") {
          finish();
          reject(new Error("cancelled"));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function password(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    console.error("No terminal to ask for the password: set ADMIN_PASSWORD.");
    process.exit(2);
  }
  for (;;) {
    const first = await promptHidden(
      `Password for ${o.email} (${ADMIN_PASSWORD_MIN_LENGTH} or more characters): `,
    );
    const again = await promptHidden("Once more: ");
    if (first === again) return first;
    console.error("The two entries differ; try again.");
  }
}

let input: ReturnType<typeof checkSuperUser>;
try {
  input = checkSuperUser({
    email: o.email,
    name: o.name,
    language: o.language as "jp",
    password: await password().catch(() => process.exit(130)),
  });
} catch (err) {
  exitOnStartupError(err);
}
const database = await openConfiguredDatabase(toolConfig());
const result = await createSuperUser(database.db, input);
await database.close();
if (!result.created) {
  console.error(
    `An account with ${result.email} exists already (${result.superUser ? "a super user" : "not a super user"}); nothing was changed.`,
  );
  process.exit(1);
}
console.log(`Super user ${result.email} created (${database.kind}). Sign in at /auth/admin/sign-in.`);
