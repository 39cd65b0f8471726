/**
 * npm run user:create -- --email E --password P --role member|trainer|admin --name "Full Name"
 * Works before the first start (it migrates), and refuses to run beside a server on the same DATA_DIR.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { createUserWithPassword, newUserServerSchema } from "~/modules/users/users.server";
import { withDatabase } from "./cli";

const usage = 'Usage: npm run user:create -- --email E --password P --role member|trainer|admin --name "Full Name"';

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
    strict: true,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}

const parsed = newUserServerSchema.safeParse({ ...values, role: values.role ?? "member" });
if (!parsed.success) {
  console.error(`${z.prettifyError(parsed.error)}\n${usage}`);
  process.exit(1);
}

await withDatabase(async () => {
  const user = await createUserWithPassword(parsed.data);
  console.log(`Created ${parsed.data.role} ${user.email} (${user.id})`);
});
