/**
 * The GoCardless stand-in as its own process, for browser runs:
 *   npx tsx scripts/gocardless-stand-in.ts --port 3370 --token <token> \
 *     --webhook-url http://127.0.0.1:3000/webhooks/gocardless --webhook-secret <secret>
 * Point the app at it with GOCARDLESS_API_URL. Prints "listening <url>" once ready.
 */
import { parseArgs } from "node:util";
import { startGoCardlessStandIn } from "../tests/support/gocardless-stand-in/server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    token: { type: "string" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string" },
  },
});

if (!values.token) {
  console.error("--token is required: the access token the app will send");
  process.exit(2);
}

const standIn = await startGoCardlessStandIn({
  port: Number(values.port),
  accessToken: values.token,
  webhookUrl: values["webhook-url"],
  webhookSecret: values["webhook-secret"],
});
console.log(`listening ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void standIn.stop().then(() => process.exit(0)));
}
