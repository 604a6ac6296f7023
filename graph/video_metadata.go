package graph

import (
	"context"
	"encoding/json"
	"sort"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/graph/model"
)

// Bounds of a video's custom metadata.
const (
	maxMetadataKeys     = 100
	maxMetadataKeyLen   = 100
	maxMetadataValueLen = 4096
)

// validateMetadataKey checks a custom metadata key: 1 to 100 characters of
// letters, digits, '_' or '-' (keys are also JSON paths in lookups).
func validateMetadataKey(key, field string) error {
	if key == "" || utf8.RuneCountInString(key) > maxMetadataKeyLen {
		return FieldError(field, "a metadata key has 1 to %d characters", maxMetadataKeyLen)
	}
	for _, r := range key {
		if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return FieldError(field, "metadata key %q may only hold letters, digits, '_' and '-'", key)
		}
	}
	return nil
}

// metadataEntries lists a metadata map by key; values that are not strings are
// given as their JSON text.
func metadataEntries(m map[string]any) []*model.MetadataEntry {
	out := make([]*model.MetadataEntry, 0, len(m))
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			raw, _ := json.Marshal(v)
			s = string(raw)
		}
		out = append(out, &model.MetadataEntry{Key: k, Value: s})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// videoMetadata lists a video's custom metadata.
func (r *Resolver) videoMetadata(ctx context.Context, videoID uuid.UUID) ([]*model.MetadataEntry, error) {
	v, err := r.db(ctx).Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	return metadataEntries(v.Metadata), nil
}

// upsertVideoMetadata sets keys of a video's custom metadata (stored in the
// video's metadata map), keeping the other keys.
func (r *Resolver) upsertVideoMetadata(ctx context.Context, videoID uuid.UUID, entries []*model.MetadataEntryInput) ([]*model.MetadataEntry, error) {
	client := r.db(ctx)
	if len(entries) == 0 {
		return nil, FieldError("entries", "give at least one entry")
	}
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	m := make(map[string]any, len(v.Metadata)+len(entries))
	for k, val := range v.Metadata {
		m[k] = val
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if err := validateMetadataKey(e.Key, "key"); err != nil {
			return nil, err
		}
		if seen[e.Key] {
			return nil, FieldError("key", "metadata key %q is given twice", e.Key)
		}
		seen[e.Key] = true
		if utf8.RuneCountInString(e.Value) > maxMetadataValueLen {
			return nil, FieldError("value", "the value of %q is longer than %d characters", e.Key, maxMetadataValueLen)
		}
		m[e.Key] = e.Value
	}
	if len(m) > maxMetadataKeys {
		return nil, FieldError("entries", "a video has at most %d metadata keys", maxMetadataKeys)
	}
	updated, err := client.Video.UpdateOne(v).SetMetadata(m).Save(ctx)
	if err != nil {
		return nil, err
	}
	return metadataEntries(updated.Metadata), nil
}
