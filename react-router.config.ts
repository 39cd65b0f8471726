import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Layout routes check access once, for every child loader and action (decision 0029).
  future: { v8_middleware: true },
} satisfies Config;
