package graph

import (
	"errors"
	"fmt"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// readUpload reads an uploaded file of at most limit bytes; field names the argument.
func readUpload(file graphql.Upload, limit int64, field string) ([]byte, error) {
	if file.Size > limit {
		return nil, &Error{Kind: KindTooLarge, Field: field, Message: fmt.Sprintf("%s is larger than %d bytes", field, limit)}
	}
	data, err := io.ReadAll(io.LimitReader(file.File, limit+1))
	if err != nil {
		return nil, errors.Join(Errorf(KindBadRequest, "could not read %s", field), err)
	}
	if int64(len(data)) > limit {
		return nil, &Error{Kind: KindTooLarge, Field: field, Message: fmt.Sprintf("%s is larger than %d bytes", field, limit)}
	}
	if len(data) == 0 {
		return nil, FieldError(field, "%s is empty", field)
	}
	return data, nil
}
