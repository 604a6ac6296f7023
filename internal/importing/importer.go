package importing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/textcut"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/vimeo"
)

// vimeoCheckTimeout bounds the check of a credential with Vimeo (GET /me).
const vimeoCheckTimeout = 20 * time.Second

// ImporterInput is a provider credential to store as a project's importer.
type ImporterInput struct {
	// Provider is the provider the credential is for.
	Provider importer.Provider
	// Credential is the provider's access token (Vimeo: a personal access token).
	Credential string
}

// SetImporter checks a provider credential with the provider and stores it as
// the project's importer of that provider, replacing an earlier one. It commits
// its own transaction (the field is selfTransacting in graph): the check with
// the provider happens before any write, so no database lock is held while the
// provider answers; inside a shared transaction it refuses (txn.Own).
func (s *Service) SetImporter(ctx context.Context, projectID uuid.UUID, in ImporterInput) (*ent.Importer, error) {
	if err := requireProjectWrite(ctx, s.db(ctx), projectID); err != nil {
		return nil, err
	}
	cred := strings.TrimSpace(in.Credential)
	switch {
	case cred == "":
		return nil, fault.FieldError("credential", "required")
	case len(cred) > 4096:
		return nil, fault.FieldError("credential", "at most 4096 characters")
	case in.Provider != importer.ProviderVimeo:
		return nil, fault.FieldError("provider", "unknown provider %q", in.Provider)
	case s.d.Vimeo == nil:
		return nil, fault.Errorf(fault.KindInternal, "the Vimeo importer is not configured")
	}
	check, cancel := context.WithTimeout(ctx, vimeoCheckTimeout)
	defer cancel()
	user, err := s.d.Vimeo.Me(check, cred)
	var status *vimeo.StatusError
	switch {
	case errors.Is(err, vimeo.ErrUnauthorized):
		return nil, fault.FieldError("credential", "Vimeo refused the access token (401): it is wrong, revoked or expired")
	case errors.As(err, &status) && !status.Temporary():
		return nil, fault.FieldError("credential", "Vimeo did not accept the access token: %s", status.Error())
	case err != nil:
		// Not the client's fault and not ours: say so, rather than "internal error".
		return nil, fault.Wrap(fault.KindInternal, "Vimeo could not be reached to check the access token (it failed or timed out); try again later",
			fmt.Errorf("check the Vimeo access token: %w", err))
	}
	last4 := cred[max(0, len(cred)-4):]
	name, uri := textcut.UTF8(user.Name, 500), textcut.UTF8(user.URI, 500)
	var out *ent.Importer
	err = txn.Own(ctx, s.d.Client, "setImporter", func(tx *ent.Client) (bool, error) {
		existing, err := tx.Importer.Query().Where(importer.ProjectID(projectID), importer.ProviderEQ(in.Provider)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			out, err = tx.Importer.Create().SetProjectID(projectID).SetProvider(in.Provider).SetCredential(cred).
				SetCredentialLast4(last4).SetAccountName(name).SetAccountURI(uri).Save(ctx)
		case err == nil:
			out, err = tx.Importer.UpdateOne(existing).SetCredential(cred).SetCredentialLast4(last4).
				SetAccountName(name).SetAccountURI(uri).Save(ctx)
		}
		return err == nil, err
	})
	return out, err
}

// Sync starts a sync of the project's importer of provider (Vimeo when nil): a
// pending migration, its job queued once the mutation commits (the row is the
// record of the owed sync). A sync already pending or running is returned
// instead of a second one.
func (s *Service) Sync(ctx context.Context, projectID uuid.UUID, provider *importer.Provider) (*ent.ImportMigration, error) {
	client := s.db(ctx)
	if err := requireProjectWrite(ctx, client, projectID); err != nil {
		return nil, err
	}
	p := importer.ProviderVimeo
	if provider != nil {
		p = *provider
	}
	imp, err := client.Importer.Query().Where(importer.ProjectID(projectID), importer.ProviderEQ(p)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.Errorf(fault.KindConflict, "the project has no %s importer: set one first (POST /projects/{projId}/importers)", p)
	}
	if err != nil {
		return nil, err
	}
	running, err := client.ImportMigration.Query().Where(importmigration.ProjectID(projectID),
		importmigration.ProviderEQ(importmigration.Provider(p)),
		importmigration.StatusIn(importmigration.StatusPending, importmigration.StatusRunning)).First(ctx)
	if err == nil {
		return running, nil
	}
	if !ent.IsNotFound(err) {
		return nil, err
	}
	m, err := client.ImportMigration.Create().SetProjectID(projectID).SetImporterID(imp.ID).
		SetProvider(importmigration.Provider(p)).Save(ctx)
	if err != nil {
		return nil, err
	}
	s.d.Queue.InsertAfterCommit(ctx, jobs.SyncImportArgs{MigrationID: m.ID}, "migration_id", m.ID)
	return m, nil
}
