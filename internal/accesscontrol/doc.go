// Package accesscontrol is the domain of a project's playback rules: whether
// its videos play publicly or only with a signed token, the domains that may
// embed them, the countries allowed or blocked, and the bounds of a playback
// token's lifetime. It checks and stores the rules; internal/playback enforces
// them on every playback request.
package accesscontrol
