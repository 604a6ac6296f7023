package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/usage"
)

// ImportLimits bound a pull from a URL.
type ImportLimits struct {
	// MaxBytes is the largest file imported (default 10 GiB).
	MaxBytes int64
	// Timeout bounds the whole download (default 30 minutes).
	Timeout time.Duration
	// AllowPrivate lets imports reach loopback, private and link-local addresses
	// (VIDRA_ALLOW_PRIVATE_NETWORKS; tests).
	AllowPrivate bool
}

// ImportVideoArgs asks for a pulled video's file to be downloaded from its source URL.
type ImportVideoArgs struct {
	VideoID uuid.UUID `json:"video_id"`
}

// Kind names the job.
func (ImportVideoArgs) Kind() string { return "import_video" }

// InsertOpts make the job unique per video while one is live.
func (ImportVideoArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMedia,
		MaxAttempts: 3,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByState: activeStates},
	}
}

type importVideoWorker struct {
	river.WorkerDefaults[ImportVideoArgs]
	p *Pipeline
}

// Work downloads the file; a refused or unusable URL fails the video at once, a
// network failure is retried and fails the video on the last attempt.
func (w *importVideoWorker) Work(ctx context.Context, job *river.Job[ImportVideoArgs]) error {
	return w.p.settleVideoJob(ctx, job.Args.VideoID, job.Attempt, job.MaxAttempts, "import", w.p.importVideo(ctx, job.Args.VideoID))
}

func (p *Pipeline) importVideo(ctx context.Context, id uuid.UUID) error {
	v, err := p.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if v.Status != video.StatusUploading || v.SourceKey != "" || v.SourceURL == "" {
		return nil // not owed any more
	}
	lim := p.Import
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = 10 << 30
	}
	if lim.Timeout <= 0 {
		lim.Timeout = 30 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	f, err := os.CreateTemp(p.TempDir, "vidra-import-")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(f.Name()) }()
	defer f.Close()
	n, err := download(ctx, v.SourceURL, f, lim)
	if err != nil {
		return err
	}
	if n == 0 {
		return permanentf("the URL returned an empty file")
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if err := uploadFile(ctx, p.Bucket, f.Name(), SourceKey(id)); err != nil {
		return err
	}
	// The row is the record: source set, still uploading = processing owed.
	if err := p.transition(ctx, func(tx *ent.Tx) (*ent.Video, error) {
		nv, err := tx.Video.UpdateOneID(id).SetSourceKey(SourceKey(id)).SetSize(n).Save(ctx)
		if err != nil {
			return nil, err
		}
		return nv, usage.StoreSource(ctx, tx.Client(), nv.ProjectID, nv.ID, SourceKey(id), n, time.Now())
	}, events.ImportCompleted); err != nil {
		return err
	}
	return p.Queue.Insert(ctx, ProcessVideoArgs{VideoID: id})
}

// CheckImportURL refuses what can never be imported: not http(s), no host.
func CheckImportURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("must be an absolute http or https URL")
	}
	if u.User != nil {
		return nil, errors.New("must not carry credentials")
	}
	return u, nil
}

// download fetches raw into w within the limits, refusing non-public addresses
// (checked on the address actually dialled, so DNS cannot point it elsewhere).
func download(ctx context.Context, raw string, w io.Writer, lim ImportLimits) (int64, error) {
	if _, err := CheckImportURL(raw); err != nil {
		return 0, permanentf("source URL %s", err.Error())
	}
	outbound := netguard.Policy{AllowPrivate: lim.AllowPrivate}
	dial := func(ctx context.Context, network, address string) (net.Conn, error) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		c, err := outbound.DialContext(ctx, network, address)
		if errors.Is(err, netguard.ErrRefused) {
			host, _, _ := net.SplitHostPort(address)
			return nil, &permanent{reason: fmt.Sprintf("source URL resolves to a non-public address (%s); refused", host)}
		}
		return c, err
	}
	client := &http.Client{
		Transport: &http.Transport{DialContext: dial, Proxy: nil, ResponseHeaderTimeout: time.Minute},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			_, err := CheckImportURL(req.URL.String())
			return err
		},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return 0, permanentf("source URL: %s", err.Error())
	}
	res, err := client.Do(req)
	if err != nil {
		var perm *permanent
		if errors.As(err, &perm) {
			return 0, perm
		}
		return 0, fmt.Errorf("fetch source URL: %w", err)
	}
	defer func() { _ = res.Body.Close() }()
	switch {
	case res.StatusCode >= 500:
		return 0, fmt.Errorf("source URL answered %s", res.Status)
	case res.StatusCode != http.StatusOK:
		return 0, permanentf("source URL answered %s", res.Status)
	case res.ContentLength > lim.MaxBytes:
		return 0, permanentf("source is %d bytes, over the import limit of %d bytes", res.ContentLength, lim.MaxBytes)
	}
	n, err := io.Copy(w, io.LimitReader(res.Body, lim.MaxBytes+1))
	if err != nil {
		return n, fmt.Errorf("download source: %w", err)
	}
	if n > lim.MaxBytes {
		return n, permanentf("source is over the import limit of %d bytes", lim.MaxBytes)
	}
	return n, nil
}
