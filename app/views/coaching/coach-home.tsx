import { AreaLink, RoutedArea } from "~/components/routed-area";
import { Pagination } from "~/components/ui/pagination";
import { formatShortDate } from "~/lib/dates";
import type { CoachHome } from "~/modules/coaching/coach-home.server";
import { AttentionItems } from "./attention-items";

const memberPath = (id: string) => `/coach/members/${encodeURIComponent(id)}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold uppercase">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The staff's home: who needs the coach, most urgent first; then check-ins to review and this week's sessions. */
export function CoachHomeView({ home }: { home: CoachHome }) {
  const { attention, checkIns, sessions } = home;
  return (
    <RoutedArea className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold uppercase sm:text-4xl">Needs attention</h1>
        <div className="flex flex-wrap gap-4">
          <AreaLink href="/coach/messages" className="font-semibold text-brand-strong underline underline-offset-2">
            Messages
          </AreaLink>
          <AreaLink href="/coach/payments" className="font-semibold text-brand-strong underline underline-offset-2">
            Payments
          </AreaLink>
        </div>
      </div>
      <section aria-labelledby="attention-heading">
        <h2 id="attention-heading" className="sr-only">
          Members who need you
        </h2>
        <p className="text-zinc-700" role="status">
          {attention.total === 0 ? "No one needs attention right now." : attention.total === 1 ? "1 member needs you." : `${attention.total} members need you.`}
        </p>
        {attention.members.length > 0 ? (
          <ul className="mt-4 space-y-4">
            {attention.members.map((m) => (
              <li key={m.memberId} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm" aria-labelledby={`member-${m.memberId}`}>
                <h3 id={`member-${m.memberId}`} className="text-lg font-bold">
                  <AreaLink href={memberPath(m.memberId)} className="underline-offset-2 hover:underline">
                    {m.name || m.email}
                  </AreaLink>
                </h3>
                <AttentionItems memberId={m.memberId} memberName={m.name || m.email} items={m.items} />
              </li>
            ))}
          </ul>
        ) : null}
        <Pagination page={attention.page} pageCount={attention.pageCount} href={(page) => `/coach?page=${page}`} label="Pages of members" />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="check-ins-heading" title="Check-ins to review">
          {checkIns.items.length === 0 ? (
            <p className="text-zinc-700">No check-ins waiting.</p>
          ) : (
            <>
              <ul className="divide-y divide-zinc-200">
                {checkIns.items.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      <AreaLink href={memberPath(c.memberId)} className="font-semibold underline-offset-2 hover:underline">
                        {c.memberName}
                      </AreaLink>
                      <span className="text-sm text-zinc-700">{` · week of ${formatShortDate(c.weekOf)}`}</span>
                    </span>
                    <AreaLink href={`${memberPath(c.memberId)}/check-ins/${encodeURIComponent(c.id)}`} className="text-sm font-semibold text-brand-strong underline underline-offset-2">
                      Review<span className="sr-only">{` ${c.memberName}'s check-in`}</span>
                    </AreaLink>
                  </li>
                ))}
              </ul>
              {checkIns.total > checkIns.items.length ? <p className="mt-2 text-sm text-zinc-700">And {checkIns.total - checkIns.items.length} more, oldest first.</p> : null}
            </>
          )}
        </Section>
        <Section id="sessions-heading" title="This week's sessions">
          {sessions.length === 0 ? (
            <p className="text-zinc-700">No sessions this week.</p>
          ) : (
            <ul className="divide-y divide-zinc-200">
              {sessions.map((s) => (
                <li key={s.id} className="py-2">
                  <span className="font-semibold">{`${formatShortDate(s.date)}, ${s.time}`}</span>
                  {` · ${s.type} · `}
                  <AreaLink href={memberPath(s.memberId)} className="underline-offset-2 hover:underline">
                    {s.memberName}
                  </AreaLink>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <AreaLink href="/schedule" className="font-semibold text-brand-strong underline underline-offset-2">
              Training Schedule
            </AreaLink>
            <span className="text-zinc-700"> · {home.weekLabel}</span>
          </p>
        </Section>
      </div>
    </RoutedArea>
  );
}
