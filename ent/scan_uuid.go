package ent

import "github.com/google/uuid"

// scannedUUID is the pooled scan target of a non-null UUID column (see
// ent/template/decode_pooled.tmpl). It scans as uuid.UUID does, but parses a
// UUID the driver hands over as text in a byte slice (lib/pq gives every
// uuid column so) in place: uuid.UUID's Scan converts the slice to a string
// first, two allocations a column a row.
type scannedUUID uuid.UUID

// Scan implements sql.Scanner with uuid.UUID's results and errors.
func (u *scannedUUID) Scan(src any) error {
	if text, ok := src.([]byte); ok && len(text) != 0 && len(text) != 16 {
		if parsed, err := uuid.ParseBytes(text); err == nil {
			*u = scannedUUID(parsed)
			return nil
		}
	}
	return (*uuid.UUID)(u).Scan(src)
}

// scannedNullUUID is the pooled scan target of a nullable UUID column (a
// video's folder): a scannedUUID and whether the column was not NULL. ent
// scans such a column into a sql.NullScanner around a new uuid.UUID, which
// with the text lib/pq gives is three allocations a row.
type scannedNullUUID struct {
	UUID  scannedUUID
	Valid bool
}

// Scan implements sql.Scanner as sql.NullScanner does around a uuid.UUID.
func (u *scannedNullUUID) Scan(src any) error {
	if src == nil {
		*u = scannedNullUUID{}
		return nil
	}
	u.Valid = true
	return u.UUID.Scan(src)
}
