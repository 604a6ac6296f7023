// Package subscriptionlifecycle is the one place that writes a subscription's
// status: the subscription state machine of the billing design (3.2), which
// package billing used to keep in its state.go, with the ent hook (Guard) on
// the Subscription schema that refuses any other create or update setting the
// status. Package billing makes every decision (when a trial ends, a period
// renews, a plan changes) and calls Created or Moved to write the status it
// decided; a move the table does not allow is a *TransitionError, which
// billing answers as a CONFLICT.
//
// The states are the catalog's statuses ("" while billing is off, the
// field's default). A subscription is created pending (a scheduled
// downgrade), trialing or active (a first subscription, an upgrade's
// successor); canceled and terminated are final. The moves (the table of
// table.go):
//
//	from      to                           writer (package billing)
//	pending   trialing, active, canceled   advance (a downgrade starts), dropPending
//	trialing  active, past_due, terminated advance (trial ends), MarkPastDue, upgrade, Cancel
//	active    past_due, terminated         MarkPastDue, upgrade, Cancel, advance (ending_at)
//	past_due  active, unpaid               MarkPaid, advance (grace period over)
//	unpaid    active, terminated           MarkPaid, advance (unpaid days over)
//
// What each move emits (Event): billing records it in the move's transaction
// for every project of the organization, and webhooks deliver it after
// commit: subscription.created for a creation, subscription.activated,
// subscription.past_due, subscription.unpaid, subscription.canceled and
// subscription.terminated for a move to that status (trialing is only ever
// created), subscription.updated for a change that keeps the status.
package subscriptionlifecycle
