// Package embedlink writes a video's embed links, the address of its player page
// and the iframe snippet, for GraphQL's Video.embedURL and Video.embedCode and
// for oEmbed. It imports nothing of Vidra's but the leaf internal/jsonappend
// (never graph/, player/ or rest/), so that the ent entity can carry
// the links as struct fields bound to it (ent/video_embed.go): gqlgen then
// reads them as plain fields, where a resolver would cost every video of a
// page two queued fields of their own and a method gqlgen's whole field path
// twice. The server's public address comes from
// the operation's context (WithBase), set once per operation by the GraphQL
// pipeline.
package embedlink

import (
	"context"
	"errors"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/jsonappend"
)

// baseKey is the context key of the public address.
type baseKey struct{}

// WithBase returns ctx carrying the server's public address (VIDRA_PUBLIC_URL).
func WithBase(ctx context.Context, publicURL string) context.Context {
	return context.WithValue(ctx, baseKey{}, publicURL)
}

// errNoBase is the error of a link written without a public address: a
// GraphQL pipeline that does not set it is a bug, not an empty link.
var errNoBase = errors.New("embed link: the operation carries no public address")

// base is ctx's public address.
func base(ctx context.Context) (string, error) {
	b, ok := ctx.Value(baseKey{}).(string)
	if !ok {
		return "", errNoBase
	}
	return b, nil
}

// Video is what a video's links are written from: the ent entity, read when
// the link is written, so that a link always shows the video as it is.
type Video interface {
	// EmbedParts returns the video's id, title, width and height.
	EmbedParts() (id uuid.UUID, title string, width, height int)
}

// errUnbound is the error of a link bound to no video (a Video entity that ent
// did not make): a bug, not an empty link.
var errUnbound = errors.New("embed link: not bound to a video")

// boundBase is ctx's public address for a link of v, which must be bound.
func boundBase(ctx context.Context, v Video) (string, error) {
	if v == nil {
		return "", errUnbound
	}
	return base(ctx)
}

// URL is a video's player page address, as a GraphQL String.
type URL struct{ Of Video }

// MarshalGQLContext writes the address as a JSON string.
func (u URL) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	b, err := boundBase(ctx, u.Of)
	if err != nil {
		return err
	}
	id, _, _, _ := u.Of.EmbedParts()
	jsonappend.WriteAppended(w, func(out []byte) []byte {
		out = append(out, '"')
		out = jsonappend.AppendEscaped(out, b)
		out = appendEmbedPath(out, id)
		return append(out, '"')
	})
	return nil
}

// UnmarshalGQLContext refuses: a link is never an input.
func (u *URL) UnmarshalGQLContext(context.Context, any) error {
	return errors.New("embedURL is an output only")
}

// Code is a video's iframe snippet, as a GraphQL String.
type Code struct{ Of Video }

// MarshalGQLContext writes the snippet as a JSON string.
func (c Code) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	b, err := boundBase(ctx, c.Of)
	if err != nil {
		return err
	}
	id, title, width, height := c.Of.EmbedParts()
	jsonappend.WriteAppended(w, func(out []byte) []byte {
		return appendSnippetJSON(out, b, id, title, width, height)
	})
	return nil
}

// appendEmbedPath appends "/embed/" and the video's id, which need no
// escaping in HTML or JSON.
func appendEmbedPath(out []byte, videoID uuid.UUID) []byte {
	out = append(out, "/embed/"...)
	return jsonappend.AppendUUID(out, videoID)
}

// appendSnippetJSON appends Snippet's text as a JSON string, written in one
// pass: the fixed parts escaped once (jsonParts), the public address and the
// title HTML-escaped and then JSON-escaped as gqlgen's string marshaller does,
// so the bytes are those of marshalling Snippet's string.
func appendSnippetJSON(out []byte, publicURL string, videoID uuid.UUID, title string, width, height int) []byte {
	width, height = FrameSize(width, height, 0, 0)
	out = append(out, jsonParts.open...)
	out = jsonappend.AppendEscaped(out, html.EscapeString(publicURL))
	out = appendEmbedPath(out, videoID)
	out = append(out, jsonParts.width...)
	out = strconv.AppendInt(out, int64(width), 10)
	out = append(out, jsonParts.height...)
	out = strconv.AppendInt(out, int64(height), 10)
	out = append(out, jsonParts.title...)
	out = jsonappend.AppendEscaped(out, html.EscapeString(title))
	return append(out, jsonParts.close...)
}

// jsonParts are the snippet's fixed parts escaped for a JSON string, the
// opening and closing quotes included.
var jsonParts = struct{ open, width, height, title, close string }{
	open:   `"` + string(jsonappend.AppendEscaped(nil, embedOpen)),
	width:  string(jsonappend.AppendEscaped(nil, embedWidth)),
	height: string(jsonappend.AppendEscaped(nil, embedHeight)),
	title:  string(jsonappend.AppendEscaped(nil, embedTitle)),
	close:  string(jsonappend.AppendEscaped(nil, embedClose)) + `"`,
}

// UnmarshalGQLContext refuses: a snippet is never an input.
func (c *Code) UnmarshalGQLContext(context.Context, any) error {
	return errors.New("embedCode is an output only")
}

// PageURL is the address of a video's player page under publicURL.
func PageURL(publicURL string, videoID uuid.UUID) string {
	return publicURL + "/embed/" + videoID.String()
}

// Snippet is the iframe snippet that embeds a video's player at width x height
// (the video's own size, 640x360 when unknown).
//
// A page of videos (GET /v1/projects/{id}/videos) writes one per video, so it
// is built by appending to one buffer sized up front rather than with
// fmt.Sprintf, whose formatting was most of the field's cost per page.
func Snippet(publicURL string, videoID uuid.UUID, title string, width, height int) string {
	width, height = FrameSize(width, height, 0, 0)
	src, name := html.EscapeString(PageURL(publicURL, videoID)), html.EscapeString(title)
	var b strings.Builder
	b.Grow(len(embedOpen) + len(src) + len(embedWidth) + len(embedHeight) + len(embedTitle) + len(name) + len(embedClose) + 40)
	b.WriteString(embedOpen)
	b.WriteString(src)
	b.WriteString(embedWidth)
	b.WriteString(strconv.Itoa(width))
	b.WriteString(embedHeight)
	b.WriteString(strconv.Itoa(height))
	b.WriteString(embedTitle)
	b.WriteString(name)
	b.WriteString(embedClose)
	return b.String()
}

// The fixed parts of Snippet, around the address, size and title.
const (
	embedOpen   = `<iframe src="`
	embedWidth  = `" width="`
	embedHeight = `" height="`
	embedTitle  = `" title="`
	embedClose  = `" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`
)

// FrameSize is the player's size for a video of width x height: 640x360 when
// the size is unknown, scaled down (keeping the aspect ratio) to fit maxWidth and
// maxHeight when they are above 0.
func FrameSize(width, height, maxWidth, maxHeight int) (int, int) {
	if width <= 0 || height <= 0 {
		width, height = 640, 360
	}
	if maxWidth > 0 && width > maxWidth {
		height = height * maxWidth / width
		width = maxWidth
	}
	if maxHeight > 0 && height > maxHeight {
		width = width * maxHeight / height
		height = maxHeight
	}
	return max(width, 1), max(height, 1)
}
