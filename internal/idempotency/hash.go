package idempotency

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// Hash is the SHA-256 (hex) of a request's parts (method, path, variables; or
// query, operation name, variables) as canonical JSON: object keys sorted, and
// each uploaded file replaced by its name, size, type and content's SHA-256.
func Hash(parts ...any) (string, error) {
	norm := make([]any, len(parts))
	for i, p := range parts {
		v, err := normalise(p)
		if err != nil {
			return "", err
		}
		norm[i] = v
	}
	raw, err := json.Marshal(norm)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]), nil
}

func normalise(v any) (any, error) {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			n, err := normalise(e)
			if err != nil {
				return nil, err
			}
			out[k] = n
		}
		return out, nil
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			n, err := normalise(e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	case graphql.Upload:
		return uploadDigest(t)
	case *graphql.Upload:
		if t == nil {
			return nil, nil
		}
		return uploadDigest(*t)
	}
	return v, nil
}

// uploadDigest reads an uploaded file for its digest and rewinds it.
func uploadDigest(u graphql.Upload) (any, error) {
	d := map[string]any{"filename": u.Filename, "size": u.Size, "contentType": u.ContentType}
	if u.File == nil {
		return d, nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, u.File); err != nil {
		return nil, err
	}
	if _, err := u.File.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	d["sha256"] = hex.EncodeToString(h.Sum(nil))
	return d, nil
}
