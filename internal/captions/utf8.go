package captions

import "unicode/utf8"

// isUTF8 reports whether data is valid UTF-8 (with or without a byte order mark).
func isUTF8(data []byte) bool { return utf8.Valid(data) }
