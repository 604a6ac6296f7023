// billing-invoices.tsx: the organization's invoices (status, amount, period,
// a PDF download of each numbered one) and its payment transactions, a page
// at a time.
import { useState } from 'preact/hooks';
import { gql } from '../../api';
import { Button, ErrorBox, when } from '../../ui';
import { day, money } from './billing-format';
import type { Paged } from './paged';

/** An invoice row (Invoice). */
export interface Invoice {
  id: string; kind: string; status: string; number: string | null; currency: string; periodStart: string; periodEnd: string;
  totalMinor: number; amountPaidMinor: number; dueAt: string | null; finalizedAt: string | null; paidAt: string | null; createdAt: string;
}

/** A payment transaction (Transaction). */
export interface Transaction {
  id: string; createdAt: string; invoiceID: string; gateway: string; amountMinor: number; currency: string;
  status: string; gatewayRef: string | null; error: string; settledAt: string | null;
}

const invoiceStatus: Record<string, string> = { paid: 'ok', finalized: 'queued', draft: '', void: '', past_due: 'error' };
const kinds: Record<string, string> = { subscription: 'Subscription', credit_note: 'Credit note', over_usage: 'Over-usage' };

/** Saves the invoice's PDF (base64 in invoicePDF) as a file. */
async function downloadPDF(id: string): Promise<void> {
  const r = await gql<{ invoicePDF: { filename: string; contentType: string; content: string } }>('BillingInvoicePDF', { id });
  const bin = atob(r.invoicePDF.content);
  const buf = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) buf[i] = bin.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([buf], { type: r.invoicePDF.contentType || 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = r.invoicePDF.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The "Load more" button of a paged list. */
function More(props: { p: Paged<unknown>; what: string }) {
  if (!props.p.hasMore) return null;
  return <Button onClick={props.p.more} busy={props.p.loading}>Load more {props.what}</Button>;
}

/** The invoices table. */
export function InvoicesCard(props: { p: Paged<Invoice> }) {
  const { p } = props;
  const [busy, setBusy] = useState('');
  const [error, setError] = useState<unknown>(null);
  const pdf = async (inv: Invoice) => {
    setBusy(inv.id);
    setError(null);
    try { await downloadPDF(inv.id); } catch (e) { setError(e); } finally { setBusy(''); }
  };
  return (
    <section class="card account-card" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices">Invoices</h2>
      <ErrorBox error={p.error || error} />
      {p.items === null && !p.error && <p class="muted" aria-busy="true">Loading…</p>}
      {p.items?.length === 0 && <p class="empty">No invoice yet.</p>}
      {!!p.items?.length && (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">Invoices, newest first</caption>
            <thead><tr><th scope="col">Number</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Period</th><th scope="col">Total</th><th scope="col">Paid</th><th scope="col">Due</th><th scope="col">PDF</th></tr></thead>
            <tbody>
              {p.items.map((inv) => (
                <tr key={inv.id}>
                  <td>{inv.number || <span class="muted">Draft</span>}</td>
                  <td>{kinds[inv.kind] || inv.kind}</td>
                  <td><span class={`badge ${invoiceStatus[inv.status] ?? ''}`}>{inv.status.replace('_', ' ')}</span></td>
                  <td>{day(inv.periodStart)} – {day(inv.periodEnd)}</td>
                  <td class="num">{money(inv.totalMinor, inv.currency)}</td>
                  <td class="num">{money(inv.amountPaidMinor, inv.currency)}</td>
                  <td>{inv.dueAt ? day(inv.dueAt) : '—'}</td>
                  <td>{inv.number
                    ? <Button onClick={() => pdf(inv)} busy={busy === inv.id} aria-label={`PDF of ${inv.number}`}>PDF</Button>
                    : <span class="muted">after finalization</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <More p={p} what="invoices" />
    </section>
  );
}

/** The transactions table. */
export function TransactionsCard(props: { p: Paged<Transaction>; invoices: Invoice[] }) {
  const { p } = props;
  const numberOf = (id: string) => props.invoices.find((i) => i.id === id)?.number || '';
  return (
    <section class="card account-card" aria-labelledby="billing-transactions">
      <h2 id="billing-transactions">Payments</h2>
      <ErrorBox error={p.error} />
      {p.items === null && !p.error && <p class="muted" aria-busy="true">Loading…</p>}
      {p.items?.length === 0 && <p class="empty">No payment yet. Without a card gateway, invoices are paid by bank transfer and recorded by the operator.</p>}
      {!!p.items?.length && (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">Payment transactions, newest first</caption>
            <thead><tr><th scope="col">Date</th><th scope="col">Invoice</th><th scope="col">Gateway</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Reference</th></tr></thead>
            <tbody>
              {p.items.map((t) => (
                <tr key={t.id}>
                  <td>{when(t.settledAt || t.createdAt)}</td>
                  <td>{numberOf(t.invoiceID) || <code>{t.invoiceID.slice(0, 8)}</code>}</td>
                  <td>{t.gateway}</td>
                  <td class="num">{money(t.amountMinor, t.currency)}</td>
                  <td><span class={`badge ${t.status === 'succeeded' ? 'ok' : t.status === 'failed' ? 'error' : ''}`}>{t.status}</span>{t.error && <small class="error-text"> {t.error}</small>}</td>
                  <td>{t.gatewayRef || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <More p={p} what="payments" />
    </section>
  );
}
