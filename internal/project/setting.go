package project

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/projectsetting"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Setting is one key and value of a project's settings.
type Setting struct {
	Key   string
	Value string
}

// Settings lists a project's settings by key.
func (s *Service) Settings(ctx context.Context, projectID uuid.UUID) ([]*ent.ProjectSetting, error) {
	return settings(ctx, s.db(ctx), projectID)
}

// settings lists a project's settings by key, read through client.
func settings(ctx context.Context, client *ent.Client, projectID uuid.UUID) ([]*ent.ProjectSetting, error) {
	if err := Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	return client.ProjectSetting.Query().
		Where(projectsetting.ProjectID(projectID)).
		Order(projectsetting.ByKey()).
		All(ctx)
}

// UpsertSettings creates or replaces each given setting (one statement) and
// returns all the project's settings. A key given twice, or a known key with a
// value it does not accept, is INVALID_INPUT on that key.
func (s *Service) UpsertSettings(ctx context.Context, projectID uuid.UUID, input []Setting) ([]*ent.ProjectSetting, error) {
	var out []*ent.ProjectSetting
	err := txn.Join(ctx, s.client, func(ctx context.Context, client *ent.Client) error {
		if err := Require(ctx, client, projectID, ""); err != nil {
			return err
		}
		seen := make(map[string]bool, len(input))
		builders := make([]*ent.ProjectSettingCreate, 0, len(input))
		for _, in := range input {
			if seen[in.Key] {
				return fault.FieldError("key", "setting %q is given twice", in.Key)
			}
			seen[in.Key] = true
			if err := validateSetting(in.Key, in.Value); err != nil {
				return err
			}
			builders = append(builders, client.ProjectSetting.Create().
				SetProjectID(projectID).
				SetKey(in.Key).
				SetValue(in.Value))
		}
		if len(builders) > 0 {
			err := client.ProjectSetting.CreateBulk(builders...).
				OnConflictColumns(projectsetting.FieldProjectID, projectsetting.FieldKey).
				UpdateValue().
				UpdateUpdatedAt().
				Exec(ctx)
			if err != nil {
				return err
			}
		}
		var err error
		out, err = settings(ctx, client, projectID)
		return err
	})
	return out, err
}

// settingValidators check the values of the setting keys Vidra understands; other
// keys are kept verbatim.
var settingValidators = map[string]func(value string) string{
	"transcoding": validateTranscodingSetting,
}

// validateSetting checks a known setting's value; the error names the key.
func validateSetting(key, value string) error {
	check, ok := settingValidators[key]
	if !ok {
		return nil
	}
	if problem := check(value); problem != "" {
		return fault.FieldError(key, "setting %q: %s", key, problem)
	}
	return nil
}

// validateTranscodingSetting accepts the "object-like text" of docs/spec.md 2.7 as
// strict JSON only: a JSON object (surrounding white space allowed) whose
// player_encryption, when present, is a JSON boolean. Other members are kept.
func validateTranscodingSetting(value string) string {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(strings.TrimSpace(value)), &obj); err != nil || obj == nil {
		return `value must be a JSON object, e.g. {"player_encryption": true}`
	}
	if raw, ok := obj["player_encryption"]; ok {
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return "player_encryption must be true or false"
		}
	}
	return ""
}
