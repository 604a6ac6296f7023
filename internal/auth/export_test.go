package auth

// VerifiedTokens is how many access tokens the signer remembers as verified.
func (s *Signer) VerifiedTokens() int { return s.verified.len() }

// KeepVerifiedTokens bounds the signer's remembered tokens, for testing the bound.
func (s *Signer) KeepVerifiedTokens(n int) { s.verified = newVerifiedTokens(n) }
