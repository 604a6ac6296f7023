package invoicelifecycle

import "errors"

// ErrRefused is what a move returns for an invoice that is not in one of the
// event's from-states: nothing was changed.
var ErrRefused = errors.New("invoice status transition refused")

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets an invoice's status other than through this package.
var ErrOutsideLifecycle = errors.New("an invoice's status is set only by package invoicelifecycle")
