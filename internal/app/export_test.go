package app

import "context"

// FinishStalledUploads runs the stalled-upload check now (upload.Service.FinishStalled).
func (a *App) FinishStalledUploads(ctx context.Context, everyUpload bool) (int, error) {
	return a.media.uploads.FinishStalled(ctx, everyUpload)
}
