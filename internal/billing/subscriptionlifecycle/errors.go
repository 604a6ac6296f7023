package subscriptionlifecycle

import "errors"

// ErrOutsideLifecycle is what the Guard hook returns for a create or update
// that sets a subscription's status other than through this package.
var ErrOutsideLifecycle = errors.New("a subscription's status is set only by package subscriptionlifecycle")
