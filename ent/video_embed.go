package ent

import "github.com/vidra-dev/vidra/player/embedlink"

// EmbedURL is the address of the video's embeddable player page (GraphQL
// Video.embedURL), written under the operation's public address. A method of
// the entity rather than a resolver, gqlgen writes it inline with the other
// fields (player/embedlink).
func (v *Video) EmbedURL() embedlink.URL {
	return embedlink.URL{VideoID: v.ID}
}

// EmbedCode is the iframe snippet that embeds the video's player at its size
// (GraphQL Video.embedCode), written under the operation's public address.
func (v *Video) EmbedCode() embedlink.Code {
	return embedlink.Code{VideoID: v.ID, Title: v.Title, Width: v.Width, Height: v.Height}
}
