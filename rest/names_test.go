package rest

import "testing"

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{
		"createdAt":      "created_at",
		"organizationID": "organization_id",
		"folderID":       "folder_id",
		"tagIDs":         "tag_ids",
		"addTagIDs":      "add_tag_ids",
		"toFolderId":     "to_folder_id",
		"folderIds":      "folder_ids",
		"logoURL":        "logo_url",
		"IDName":         "id_name",
		"id":             "id",
		"durationMs":     "duration_ms",
		"hasNextPage":    "has_next_page",
		"entityType":     "entity_type",
		"already_snake":  "already_snake",
	} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}
