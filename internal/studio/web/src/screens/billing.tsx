// billing.tsx: the organization's billing: the subscription with its usage,
// the plans and a change of plan, invoices (PDF) and payments.
import { Loaded, Page, useQuery } from '../ui';
import { InvoicesCard, TransactionsCard, type Invoice, type Transaction } from '../components/account/billing-invoices';
import { PlansCard } from '../components/account/billing-plans';
import { SubscriptionCard, type SubscriptionData } from '../components/account/billing-subscription';
import { usePaged } from '../components/account/paged';

/** The Billing screen (/studio/organization/billing). */
export function Billing() {
  const sub = useQuery<SubscriptionData>('BillingSubscription');
  const invoices = usePaged<Invoice>('BillingInvoices', 'invoices');
  const transactions = usePaged<Transaction>('BillingTransactions', 'transactions');
  const changed = () => { sub.reload(); invoices.reload(); transactions.reload(); };
  const s = sub.data?.subscription.subscription;
  const current = s && ['active', 'trialing', 'past_due', 'unpaid'].includes(s.status) ? s.planCode : '';
  return (
    <Page title="Billing">
      <div class="account-stack">
        <Loaded q={sub}>{() => <SubscriptionCard q={sub} onChange={changed} />}</Loaded>
        <PlansCard currentCode={current} onChange={changed} />
        <InvoicesCard p={invoices} />
        <TransactionsCard p={transactions} invoices={invoices.items || []} />
      </div>
    </Page>
  );
}
