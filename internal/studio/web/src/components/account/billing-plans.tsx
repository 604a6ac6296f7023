// billing-plans.tsx: the plans the organization may choose (accountPlans), and
// the change: what subscribing would be (planByCode: new, upgrade with its
// proration, downgrade at the period's end, trial), then subscribe.
import { useState } from 'preact/hooks';
import { ApiError, gql } from '../../api';
import { Button, Dialog, ErrorBox, Loaded, toast, useMutation, useQuery } from '../../ui';
import { money, metricNames, quantity } from './billing-format';

/** A plan (Plan) with its metrics. */
export interface Plan {
  id: string; code: string; name: string; description: string; rank: number; interval: string; currency: string;
  baseAmountMinor: number; payInAdvance: boolean; trialDays: number;
  metrics: { metric: string; included: number; hardLimit: number | null; model: string; unitPriceMicro: number; packageSize: number }[];
}

interface Offer { plan: Plan; change: string; prorationCreditMinor: number; prorationChargeMinor: number; trial: boolean }

/** One plan's card. */
function PlanItem(props: { plan: Plan; current: boolean; onChoose: () => void; busy: boolean }) {
  const p = props.plan;
  return (
    <li class={`card plan ${props.current ? 'plan-current' : ''}`}>
      <h3>{p.name}</h3>
      <p class="price">{money(p.baseAmountMinor, p.currency)} <span class="muted">/ {p.interval === 'yearly' ? 'year' : 'month'}</span></p>
      {p.description && <p>{p.description}</p>}
      {p.trialDays > 0 && <p class="muted">{p.trialDays}-day trial for a first subscription</p>}
      {p.metrics.length > 0 && (
        <ul class="plan-metrics">
          {p.metrics.map((m) => (
            <li key={m.metric}>
              {metricNames[m.metric] || m.metric}: {quantity(m.metric, m.included)} included
              {m.hardLimit != null && `, limit ${quantity(m.metric, m.hardLimit)}`}
            </li>
          ))}
        </ul>
      )}
      {props.current
        ? <span class="badge ok">Your plan</span>
        : <Button onClick={props.onChoose} busy={props.busy} aria-label={`Choose ${p.name}`}>Choose</Button>}
    </li>
  );
}

/** What subscribing would do, in words. */
function OfferSummary(props: { offer: Offer }) {
  const { offer: o } = props;
  const p = o.plan;
  if (o.change === 'same') return <p>This is already your plan.</p>;
  if (o.change === 'new') return <p>{o.trial ? `A ${p.trialDays}-day trial of ${p.name} starts now.` : `${p.name} starts now at ${money(p.baseAmountMinor, p.currency)} per ${p.interval === 'yearly' ? 'year' : 'month'}.`}</p>;
  if (o.change === 'downgrade') return <p>{p.name} replaces your plan at the end of the current period; nothing changes until then.</p>;
  return (
    <div>
      <p>{p.name} replaces your plan now. This period is prorated:</p>
      <dl class="facts">
        <dt>Credit for the unused part of your plan</dt><dd>{money(o.prorationCreditMinor, p.currency)}</dd>
        <dt>Charge for the rest of the period on {p.name}</dt><dd>{money(o.prorationChargeMinor, p.currency)}</dd>
        <dt>Net</dt><dd>{money(o.prorationChargeMinor - o.prorationCreditMinor, p.currency)}</dd>
      </dl>
    </div>
  );
}

/** The card: the plans, and the dialog that previews and confirms a change. */
export function PlansCard(props: { currentCode: string; onChange: () => void }) {
  const q = useQuery<{ accountPlans: Plan[] }>('BillingPlans');
  const [offer, setOffer] = useState<Offer | null>(null);
  const [loading, setLoading] = useState('');
  const [previewError, setPreviewError] = useState<unknown>(null);
  const sub = useMutation('BillingSubscribe');
  const choose = async (p: Plan) => {
    setLoading(p.code);
    setPreviewError(null);
    try {
      const r = await gql<{ planByCode: Offer }>('BillingPlanOffer', { code: p.code });
      sub.setError(null);
      setOffer(r.planByCode);
    } catch (e) {
      setPreviewError(e instanceof ApiError ? e : String(e));
    } finally {
      setLoading('');
    }
  };
  const confirm = async () => {
    if (!offer) return;
    const r = await sub.run({ input: { planCode: offer.plan.code } });
    if (!r) return;
    const c = r.subscribe.change;
    toast(c === 'downgrade' ? `${offer.plan.name} starts at the end of the period` : `Subscribed to ${offer.plan.name}`);
    setOffer(null);
    props.onChange();
  };
  return (
    <section class="card account-card" aria-labelledby="billing-plans">
      <h2 id="billing-plans">Plans</h2>
      <Loaded q={q}>{() => {
        const plans = q.data!.accountPlans;
        if (!plans.length) return <p class="muted">This server offers no plan to subscribe to. Its operator creates plans on the admin API (/v1/admin/plans).</p>;
        return (
          <ul class="cards plans">
            {plans.map((p) => <PlanItem key={p.id} plan={p} current={p.code === props.currentCode} busy={loading === p.code} onChoose={() => choose(p)} />)}
          </ul>
        );
      }}</Loaded>
      <ErrorBox error={previewError} />
      <Dialog title={offer ? `Change to ${offer.plan.name}` : 'Change plan'} open={!!offer} onClose={() => setOffer(null)}>
        {offer && (
          <div>
            <OfferSummary offer={offer} />
            <ErrorBox error={sub.error} />
            <div class="row">
              {offer.change !== 'same' && <Button kind="primary" onClick={confirm} busy={sub.busy}>Confirm {offer.change === 'downgrade' ? 'the change' : 'and subscribe'}</Button>}
              <Button onClick={() => setOffer(null)}>Cancel</Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
