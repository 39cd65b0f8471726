import type { Db } from "~/db/client.server";
import type { PaymentProvider, ProviderEvent } from "~/lib/payments/payment-provider";

/** What applying an event did (its `outcome`), or why it must wait for another event first. */
export type Applied = { outcome: string } | { later: string };

export interface EventContext {
  now: Date;
  /** Today in the site's time zone, read before the transaction (PGlite's one connection is the transaction's). */
  today: string;
  attempt: number;
  /** The last try: an event still waiting is put down as not ours. */
  lastAttempt: boolean;
  eventId: string;
}

/**
 * One resource's rules: `read` asks the provider for the resource's current state (before
 * any transaction), `apply` writes what it means inside the event's transaction.
 */
export interface EventRules<S> {
  read(provider: PaymentProvider, event: ProviderEvent): Promise<S>;
  apply(tx: Db, event: ProviderEvent, state: S, context: EventContext): Promise<Applied>;
}
