package graph

import (
	"encoding/json"
	"strings"
)

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
		return FieldError(key, "setting %q: %s", key, problem)
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
