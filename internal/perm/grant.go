package perm

import (
	"github.com/google/uuid"
)

// EntityType is what a grant is on.
type EntityType string

// The entity types of grants.
const (
	Projects      EntityType = "projects"
	Organizations EntityType = "organizations"
)

// Area names a part of a project (the finer permissions of a project grant) or of
// an organization (the names of organization grants).
type Area string

// The areas of the model. Project areas are the finer permissions of a custom
// project grant; organization areas are the names of organization grants.
const (
	// Folders covers folders and the content in them: videos, captions, chapters,
	// tags, thumbnails and uploads.
	Folders Area = "folders"
	// Livestreams covers live streams and their histories.
	Livestreams Area = "livestreams"
	// Analytics covers reading analytics.
	Analytics Area = "analytics"
	// Advertisements covers advertisements.
	Advertisements Area = "advertisements"
	// Settings covers project settings, access control, players, encoding
	// profiles and webhooks.
	Settings Area = "settings"
	// Project is the project record itself (name, description, logo, deletion).
	Project Area = "project"

	// Billing covers plans, subscriptions, invoices, transactions and usage.
	Billing Area = "billing"
	// API covers API keys.
	API Area = "api"
)

// ProjectAreas are the finer permissions a custom project grant may list.
var ProjectAreas = []Area{Folders, Livestreams, Analytics, Advertisements, Settings}

// OrganizationAreas are the names an organization grant may have.
var OrganizationAreas = []Area{Billing, API}

// Grant is one normalised permission grant.
type Grant struct {
	// EntityType is projects or organizations.
	EntityType EntityType `json:"entity_type"`
	// EntityID is the project or organization granted; uuid.Nil on an
	// organization-wide grant of the map form, which covers every project.
	EntityID uuid.UUID `json:"entity_id"`
	// Name is "custom" for projects, or the organization area (billing, api).
	Name string `json:"name"`
	// Action applies to the whole entity (and to project areas not listed in
	// Permissions); it may be empty on a custom project grant.
	Action Action `json:"-"`
	// Permissions are the finer grants of a project, by area.
	Permissions []Permission `json:"-"`
}

// Permission is the grant of one project area.
type Permission struct {
	// Area is folders, livestreams, analytics, advertisements or settings.
	Area Area
	// Action applies to the whole area; for folders with Custom set it is unused.
	Action Action
	// Custom restricts folders to the listed ones.
	Custom bool
	// Folders are the per-folder grants when Custom is set; a grant on a folder
	// covers its subfolders and the videos in them.
	Folders []FolderGrant
}

// FolderGrant grants actions on one folder and everything below it.
type FolderGrant struct {
	FolderID uuid.UUID
	Action   Action
}
