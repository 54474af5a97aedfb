package data

import (
	"embed"
	"io/fs"
)

// library holds the bundled records, timelines and vocabulary.
//
//go:embed library
var library embed.FS

// bundledPrefix is put before the names of bundled files in errors and
// Origin, so that a problem in the bundle names the file to fix in the repo.
const bundledPrefix = "data/library/"

// Bundled returns the bundled library, rooted at data/library: records/,
// timelines/ and vocab/.
func Bundled() fs.FS {
	sub, err := fs.Sub(library, "library")
	if err != nil {
		// fs.Sub only fails on an invalid name, and "library" is valid.
		panic(err)
	}
	return sub
}
