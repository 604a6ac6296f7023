package studio

import (
	"io/fs"
	"os"
)

// osDir is a directory of the host as an fs.FS (os.DirFS, named for the doc of New).
func osDir(dir string) fs.FS { return os.DirFS(dir) }
