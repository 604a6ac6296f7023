// Package players is the domain of a project's players and advertisements:
// the player configurations the embed page plays with (controls, speeds,
// logo and watermark, captions, the project's default) and the ads they
// play (VAST tags placed before, during or after a video). Each mutation
// writes in the caller's transaction, and the checks that need the saved
// row run inside it, so a refused change is rolled back. The embed page
// itself is internal/player.
package players
