package ent

import "github.com/google/uuid"

// EmbedParts gives the video's embed links (the EmbedURL and EmbedCode fields,
// GraphQL Video.embedURL and embedCode) what they are written from, read when
// they are written under the operation's public address (internal/embedlink).
// The fields are bound to the video wherever ent makes one (bindEmbedLinks,
// ent/template/video_embed.tmpl).
func (v *Video) EmbedParts() (id uuid.UUID, title string, width, height int) {
	return v.ID, v.Title, v.Width, v.Height
}
