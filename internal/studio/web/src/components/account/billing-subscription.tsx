// billing-subscription.tsx: the organization's subscription: plan, status,
// period, a scheduled change, why service is blocked, usage bars, and the
// cancellation at the period's end.
import { Button, ErrorBox, toast, useMutation, type QueryState } from '../../ui';
import { day, money, recordTime } from './billing-format';
import type { Plan } from './billing-plans';
import { UsageBars, type MetricUsage } from './billing-usage';

/** A subscription record (SubscriptionRecord; times are strings, 0001-01-01 when not set). */
export interface SubscriptionRecord {
  id: string; name: string; planCode: string; status: string; startedAt: string; endingAt: string;
  canceledAt: string; terminatedAt: string; downgradePlanDate: string; trialEndedAt: string;
  nextPlanCode: string; paymentGateway: string; billingTime: string;
}

/** What the BillingSubscription query answers. */
export interface SubscriptionData {
  subscription: {
    subscription: SubscriptionRecord; plan: Plan | null; currentPeriodStart: string; currentPeriodEnd: string;
    usage: MetricUsage[]; next: SubscriptionRecord | null; blockedReason: string | null;
  };
}

const statusClass: Record<string, string> = { active: 'ok', trialing: 'ok', past_due: 'warn', unpaid: 'error', canceled: '', terminated: '', pending: 'queued' };

/** The card over q (the BillingSubscription query the screen runs); onChange after a cancellation. */
export function SubscriptionCard(props: { q: QueryState<SubscriptionData>; onChange: () => void }) {
  const d = props.q.data!.subscription;
  const s = d.subscription;
  const cancel = useMutation('BillingCancel');
  const stop = async () => {
    if (!confirm(`Cancel the ${d.plan?.name || s.planCode} subscription at the end of the period?`)) return;
    if (await cancel.run({ atPeriodEnd: true })) { toast('The subscription ends with the period'); props.onChange(); }
  };
  if (!s.status) {
    return (
      <section class="card account-card" aria-labelledby="billing-current">
        <h2 id="billing-current">Current plan</h2>
        <p>This organization has no subscription yet. Choose a plan below.</p>
      </section>
    );
  }
  const live = ['active', 'trialing', 'past_due', 'unpaid'].includes(s.status);
  return (
    <section class="card account-card" aria-labelledby="billing-current">
      <div class="card-head">
        <h2 id="billing-current">Current plan: {d.plan?.name || s.name || s.planCode}</h2>
        <span class={`badge ${statusClass[s.status] ?? ''}`}>{s.status.replace('_', ' ')}</span>
      </div>
      <dl class="facts">
        {d.plan && <><dt>Price</dt><dd>{money(d.plan.baseAmountMinor, d.plan.currency)} per {d.plan.interval === 'yearly' ? 'year' : 'month'}{d.plan.payInAdvance ? ', billed in advance' : ', billed at the period\'s end'}</dd></>}
        <dt>This period</dt><dd>{day(d.currentPeriodStart)} – {day(d.currentPeriodEnd)}</dd>
        {recordTime(s.startedAt) && <><dt>Started</dt><dd>{recordTime(s.startedAt)}</dd></>}
        {s.status === 'trialing' && recordTime(s.trialEndedAt) && <><dt>Trial ends</dt><dd>{recordTime(s.trialEndedAt)}</dd></>}
        {recordTime(s.canceledAt) && <><dt>Canceled</dt><dd>{recordTime(s.canceledAt)}{recordTime(s.endingAt) && `, ends ${recordTime(s.endingAt)}`}</dd></>}
        {d.next && <><dt>Scheduled change</dt><dd>To {d.next.name || d.next.planCode} on {day(s.downgradePlanDate || d.next.startedAt)}</dd></>}
      </dl>
      {d.blockedReason && <p class="error-box" role="alert">New uploads and playback sessions are refused: {d.blockedReason}</p>}
      <h3>Usage this period</h3>
      <UsageBars usage={d.usage} metrics={d.plan?.metrics || []} />
      {live && !recordTime(s.canceledAt) && (
        <div class="row">
          <Button onClick={stop} busy={cancel.busy}>Cancel at the end of the period</Button>
        </div>
      )}
      <ErrorBox error={cancel.error} />
    </section>
  );
}
