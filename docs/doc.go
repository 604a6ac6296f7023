// Package docs holds Vidra's documentation pages (Markdown beside this file) and
// the test that keeps their links, and the README's, pointing at files and
// headings that exist. It has no code of its own.
package docs
