package s3test

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// Size is the size of an object of the bucket, or -1 when there is none.
func (s *Server) Size(t testing.TB, key string) int64 {
	t.Helper()
	out, err := s.Client().HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode() == "NotFound" {
		return -1
	}
	if err != nil {
		t.Fatal(err)
	}
	return aws.ToInt64(out.ContentLength)
}

// Read reads an object of the bucket.
func (s *Server) Read(t testing.TB, key string) []byte {
	t.Helper()
	out, err := s.Client().GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = out.Body.Close() }()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Delete deletes an object of the bucket.
func (s *Server) Delete(t testing.TB, key string) {
	t.Helper()
	if _, err := s.Client().DeleteObject(context.Background(), &s3.DeleteObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)}); err != nil {
		t.Fatal(err)
	}
}

// Keys lists the keys of the bucket under prefix (up to 1,000).
func (s *Server) Keys(t testing.TB, prefix string) []string {
	t.Helper()
	out, err := s.Client().ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(s.Bucket), Prefix: aws.String(prefix)})
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(out.Contents))
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}
