// Package billing keeps the plan catalogue and the organizations' subscriptions:
// the subscription state machine (state.go), billing periods (period.go), the
// proration of a plan change (proration.go), subscribe, change and cancel
// (service.go), the periodic advance of subscriptions (advance.go) and the
// usage limits that refuse new uploads and playback sessions (limits.go).
//
// Every time is read from Service.Now (time.Now when nil), so tests drive the
// clock. Money is int64 minor units; invoices are package billing/invoice's.
package billing
