package playback

import (
	"sync"
	"time"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
)

// liveMasterCache keeps the master playlist of live sessions (and of their
// recordings until the ladder is out) per video, so a master request reads no
// blob. An entry holds for the video row it was read with: the live output
// touches the video's updated_at whenever it writes a new master (first
// segment, then the recording at the end), and any status change moves it too.
type liveMasterCache struct {
	once sync.Once
	c    *lru.Cache[uuid.UUID, liveMaster]
}

// liveMaster is a cached master playlist and the video state it belongs to.
type liveMaster struct {
	updatedAt time.Time
	status    string
	body      []byte
}

// liveMasterEntries bounds the cache (a few hundred bytes an entry).
const liveMasterEntries = 4096

func (m *liveMasterCache) init() {
	m.once.Do(func() { m.c, _ = lru.New[uuid.UUID, liveMaster](liveMasterEntries) })
}

// get returns the master cached for the video in this state.
func (m *liveMasterCache) get(id uuid.UUID, updatedAt time.Time, status string) ([]byte, bool) {
	m.init()
	e, ok := m.c.Get(id)
	if !ok || !e.updatedAt.Equal(updatedAt) || e.status != status {
		return nil, false
	}
	return e.body, true
}

// put caches the master read for the video in this state.
func (m *liveMasterCache) put(id uuid.UUID, updatedAt time.Time, status string, body []byte) {
	m.init()
	m.c.Add(id, liveMaster{updatedAt: updatedAt, status: status, body: body})
}

// forget drops the video's entry (its ladder is published).
func (m *liveMasterCache) forget(id uuid.UUID) {
	m.init()
	m.c.Remove(id)
}
