package paymentlifecycle

import "errors"

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a payment transaction's status other than through this package.
var ErrOutsideLifecycle = errors.New("a payment transaction's status is set only by package paymentlifecycle")
