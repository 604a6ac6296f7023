package config

import (
	"fmt"
	"strings"
	"testing"
)

func TestBillingSeller(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Seller.Name != "Vidra" || len(c.Seller.Address) != 0 {
		t.Fatalf("seller default = %+v", c.Seller)
	}
	c, err = FromEnv(env(map[string]string{"VIDRA_BILLING_SELLER_NAME": "Acme Hosting Ltd",
		"VIDRA_BILLING_SELLER_ADDRESS": " 1 Main Street ;; 1212 Dhaka;Bangladesh"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%s %q", c.Seller.Name, c.Seller.Address); got != `Acme Hosting Ltd ["1 Main Street" "1212 Dhaka" "Bangladesh"]` {
		t.Fatalf("seller = %s", got)
	}
	_, err = FromEnv(env(map[string]string{"VIDRA_BILLING_SELLER_ADDRESS": strings.Repeat("line;", 9)}))
	if err == nil || !strings.Contains(err.Error(), "VIDRA_BILLING_SELLER_ADDRESS") {
		t.Fatalf("nine address lines: %v", err)
	}
}
