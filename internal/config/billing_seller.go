package config

import (
	"fmt"
	"strings"
)

// BillingSeller is the operator printed as the issuer of invoice PDFs.
type BillingSeller struct {
	// Name is the operator's legal name (VIDRA_BILLING_SELLER_NAME, default Vidra).
	Name string
	// Address is printed one element a line (VIDRA_BILLING_SELLER_ADDRESS, the
	// lines separated by ";", e.g. "1 Main Street;1212 Dhaka;Bangladesh").
	Address []string
}

// readBillingSeller reads the BillingSeller configuration through get.
func readBillingSeller(get func(name, def string) string) (BillingSeller, []error) {
	var errs []error
	s := BillingSeller{Name: get("VIDRA_BILLING_SELLER_NAME", "Vidra")}
	if len(s.Name) > 200 {
		errs = append(errs, fmt.Errorf("VIDRA_BILLING_SELLER_NAME: at most 200 characters"))
	}
	for _, line := range strings.Split(get("VIDRA_BILLING_SELLER_ADDRESS", ""), ";") {
		if line = strings.TrimSpace(line); line != "" {
			s.Address = append(s.Address, line)
		}
	}
	if len(s.Address) > 8 {
		errs = append(errs, fmt.Errorf("VIDRA_BILLING_SELLER_ADDRESS: at most 8 lines"))
	}
	return s, errs
}
