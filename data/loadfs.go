package data

import "io/fs"

// Dir is one file system of data files for LoadFS: the files of a
// --data folder (os.DirFS), embedded files, or an fstest.MapFS in tests.
// Name is what the files' paths are shown joined to in errors and Origin.
type Dir struct {
	FS   fs.FS
	Name string
}

// LoadFS reads the bundled library (unless opts.NoBundled), then every
// dir, walked from its root as Load walks a folder, then opts.Paths.
// Problems, notices and the result are as Load's.
func LoadFS(opts Options, dirs ...Dir) (*Library, error) {
	ld := &loader{check: opts.CheckTimeline, progress: opts.Progress, batch: opts.Batch, compact: opts.Compact}
	ld.spillFor(opts)
	ld.addAll(opts, dirs)
	lib := ld.run(nil)
	ld.crossCheck(lib, nil, false)
	return lib, ld.err()
}

// addAll adds what opts and dirs name, in the order the library is built:
// the bundle (unless opts.NoBundled), each dir, then opts.Paths.
func (ld *loader) addAll(opts Options, dirs []Dir) {
	if !opts.NoBundled {
		ld.addFS(Bundled(), ".", bundledPrefix, true, false)
	}
	for _, s := range dirs {
		ld.addFS(s.FS, ".", s.Name, false, false)
	}
	for _, p := range opts.Paths {
		ld.addPath(p)
	}
}
