package rest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
)

// download is the result of a Download row.
type download struct {
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
	Content     string `json:"content"`
}

// writeDownload serves a Download row's result (raw, the value's first byte
// on) as the file itself, of type contentType unless the result names one.
func writeDownload(w http.ResponseWriter, raw json.RawMessage, contentType string) {
	var d download
	if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&d); err != nil {
		writeFailure(w, http.StatusInternalServerError, "internal error", nil)
		return
	}
	if d.ContentType == "" {
		d.ContentType = contentType
	}
	body, err := base64.StdEncoding.DecodeString(d.Content)
	if err != nil {
		writeFailure(w, http.StatusInternalServerError, "internal error", nil)
		return
	}
	w.Header().Set("Content-Type", d.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if d.Filename != "" {
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": d.Filename}))
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}
