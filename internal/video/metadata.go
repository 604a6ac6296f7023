package video

import (
	"context"
	"encoding/json"
	"sort"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Bounds of a video's custom metadata.
const (
	maxMetadataKeys     = 100
	maxMetadataKeyLen   = 100
	maxMetadataValueLen = 4096
)

// MetadataEntry is one key of a video's custom metadata with its value as text.
type MetadataEntry struct {
	Key   string
	Value string
}

// ValidateMetadataKey checks a custom metadata key: 1 to 100 characters of
// letters, digits, '_' or '-' (keys are also JSON paths in lookups); field names
// the input it came from.
func ValidateMetadataKey(key, field string) error {
	if key == "" || utf8.RuneCountInString(key) > maxMetadataKeyLen {
		return fault.FieldError(field, "a metadata key has 1 to %d characters", maxMetadataKeyLen)
	}
	for _, r := range key {
		if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fault.FieldError(field, "metadata key %q may only hold letters, digits, '_' and '-'", key)
		}
	}
	return nil
}

// metadataEntries lists a metadata map by key; values that are not strings are
// given as their JSON text.
func metadataEntries(m map[string]any) []MetadataEntry {
	out := make([]MetadataEntry, 0, len(m))
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			raw, _ := json.Marshal(v)
			s = string(raw)
		}
		out = append(out, MetadataEntry{Key: k, Value: s})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// Metadata lists a video's custom metadata by key.
func (s *Service) Metadata(ctx context.Context, videoID uuid.UUID) ([]MetadataEntry, error) {
	v, err := s.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	return metadataEntries(v.Metadata), nil
}

// UpsertMetadata sets keys of a video's custom metadata (stored in the video's
// metadata map), keeping the other keys, and lists them all.
func (s *Service) UpsertMetadata(ctx context.Context, videoID uuid.UUID, entries []MetadataEntry) (out []MetadataEntry, err error) {
	if len(entries) == 0 {
		return nil, fault.FieldError("entries", "give at least one entry")
	}
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		m, err := mergeMetadata(v.Metadata, entries)
		if err != nil {
			return err
		}
		updated, err := client.Video.UpdateOne(v).SetMetadata(m).Save(ctx)
		if err != nil {
			return err
		}
		out = metadataEntries(updated.Metadata)
		return nil
	})
	return out, err
}

// mergeMetadata is old with entries set, after checking each key, each value and
// the number of keys.
func mergeMetadata(old map[string]any, entries []MetadataEntry) (map[string]any, error) {
	m := make(map[string]any, len(old)+len(entries))
	for k, val := range old {
		m[k] = val
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if err := ValidateMetadataKey(e.Key, "key"); err != nil {
			return nil, err
		}
		if seen[e.Key] {
			return nil, fault.FieldError("key", "metadata key %q is given twice", e.Key)
		}
		seen[e.Key] = true
		if utf8.RuneCountInString(e.Value) > maxMetadataValueLen {
			return nil, fault.FieldError("value", "the value of %q is longer than %d characters", e.Key, maxMetadataValueLen)
		}
		m[e.Key] = e.Value
	}
	if len(m) > maxMetadataKeys {
		return nil, fault.FieldError("entries", "a video has at most %d metadata keys", maxMetadataKeys)
	}
	return m, nil
}
