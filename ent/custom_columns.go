package ent

import "github.com/vidra-dev/vidra/ent/video"

// customColumns are, per ent type, the GraphQL fields of that type that are no
// ent field (resolved in graph/ by hand, or by a hand-written field or method
// of the entity) and the columns their resolvers read from the entity.
// entgql's field collection selects only the columns of the fields a query
// asks for, but it cannot know what a custom resolver reads, so
// one such field used to load every column of every row: a REST page of videos
// (which returns embed_url and embed_code) read and decoded the source keys,
// the encryption key, the storyboard and the failure reason of 50 videos to
// return none of them. A field that is not listed here still loads every
// column. Keep each list in step with its resolver; TestEmbedFieldsOnAList
// (graph) checks the embed fields' values through a list.
var customColumns = map[string]map[string][]string{
	TypeVideo: {
		// Video.EmbedURL (video_embed.go, EmbedParts): the id.
		"embedURL": nil,
		// Video.EmbedCode (video_embed.go, EmbedParts): id, title, width, height.
		"embedCode": {video.FieldTitle, video.FieldWidth, video.FieldHeight},
	},
}

// customFieldColumns adds to selected (and seen) the columns that the custom
// resolver field of the queried type (q.Type) reads, and reports whether the field is declared
// in customColumns. The field collection of every type calls it for a field it
// does not know (see collectionPatches in ent/entc.go).
func customFieldColumns(q *QueryContext, field string, seen map[string]struct{}, selected *[]string) bool {
	if q == nil {
		return false
	}
	columns, ok := customColumns[q.Type][field]
	if !ok {
		return false
	}
	for _, c := range columns {
		if _, dup := seen[c]; !dup {
			seen[c] = struct{}{}
			*selected = append(*selected, c)
		}
	}
	return true
}
