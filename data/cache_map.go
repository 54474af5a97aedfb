package data

import "os"

// openForMap opens the file at path for mapFile and returns its size: a
// regular file, not empty and of at most limit bytes (errCorrupt
// otherwise), opened without waiting for a writer should it be a named
// pipe. The caller closes it.
func openForMap(path string, limit int64) (*os.File, int64, error) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if size := info.Size(); size <= 0 || size > limit || !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, errCorrupt
	}
	return f, info.Size(), nil
}
