package data

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Limits on one file and on one record, timeline or vocabulary in it: far
// above any real export (a record is a few kilobytes), low enough that a
// runaway file cannot exhaust memory. Variables so tests can lower them.
// maxFileSize holds for a file read whole; a JSON Lines file read a part
// at a time has no limit of its own but the total of load_limit.go.
var (
	maxFileSize   int64 = 256 << 20
	maxRecordSize       = 16 << 20
)

// ErrTooLarge is the error of a file or record over its size limit.
var ErrTooLarge = errors.New("too large")

// dirFS is os.DirFS without its check that names are valid UTF-8, so that
// a file whose name is not is read and reported by name rather than as
// "invalid argument". Names come from the walk, which never makes ".."
// elements.
type dirFS string

func (d dirFS) join(name string) string {
	return filepath.Join(string(d), filepath.FromSlash(name))
}

// Open implements fs.FS.
func (d dirFS) Open(name string) (fs.File, error) { return os.Open(d.join(name)) }

// Stat implements fs.StatFS; it follows symbolic links.
func (d dirFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(d.join(name)) }

// ReadDir implements fs.ReadDirFS.
func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(d.join(name)) }

// pathErr drops the operation and path a *fs.PathError adds, since the
// loader's errors name the path themselves.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// addPath adds a user's file or folder.
func (ld *loader) addPath(p string) {
	info, err := os.Stat(p)
	if err != nil {
		ld.report(len(ld.files), 0, &Error{Path: SanitizePath(p), Err: pathErr(err)})
		return
	}
	if info.IsDir() {
		ld.addFS(dirFS(p), ".", p, false, false)
		return
	}
	ld.addFS(dirFS(filepath.Dir(p)), filepath.Base(p), filepath.Dir(p), false, true)
}

// addFS adds the data files at root in fsys, a file or a folder to walk.
// Paths are shown joined to prefix. An explicit file of another type is an
// error; a walk skips such files, hidden entries and testdata folders.
// Whatever is named like a data file but is not a regular file (a folder,
// a named pipe, a device, a socket, a link to one) is reported without
// being opened: opening a named pipe would wait for a writer forever.
func (ld *loader) addFS(fsys fs.FS, root, prefix string, bundled, explicit bool) {
	show := func(name string) string {
		if strings.HasSuffix(prefix, "/") {
			return SanitizePath(prefix + name)
		}
		return SanitizePath(filepath.Join(prefix, filepath.FromSlash(name)))
	}
	bad := func(name string, err error) {
		ld.report(len(ld.files), 0, &Error{Path: show(name), Err: err})
	}
	walkErr := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			bad(name, pathErr(err))
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		base := path.Base(name)
		ext := strings.ToLower(path.Ext(name))
		dataName := ext == ".json" || ext == ".jsonl"
		if d.IsDir() {
			switch {
			case name == root:
			case strings.HasPrefix(base, ".") || base == "testdata":
				return fs.SkipDir
			case dataName:
				bad(name, errors.New("not a regular file (a directory)"))
				return fs.SkipDir
			}
			return nil
		}
		if !dataName {
			if explicit {
				bad(name, errors.New("unsupported file type (want .json or .jsonl)"))
			}
			return nil
		}
		if !explicit && strings.HasPrefix(base, ".") {
			return nil
		}
		if err := regular(fsys, name, d); err != nil {
			bad(name, err)
			return nil
		}
		if array := ext == ".json" && ld.stream != nil && !bundled && isArrayFile(fsys, name, d); array || ld.stream != nil && !bundled && ext == ".jsonl" {
			ld.stream.files = append(ld.stream.files, streamFile{fsys: fsys, name: name, fi: len(ld.files), path: show(name), array: array})
			ld.files = append(ld.files, &file{path: show(name)})
			return nil
		}
		if bundled && ld.stream != nil && strings.HasPrefix(name, bundledTimelines) {
			// A search reads the bundled timelines only when the user
			// has some (see userTimelines).
			ld.stream.timelines = append(ld.stream.timelines, lazyFile{fsys: fsys, name: name, fi: len(ld.files)})
			ld.files = append(ld.files, &file{path: show(name), bundled: true})
			return nil
		}
		if ld.compact && ld.stream == nil && !bundled && (ext == ".jsonl" || ext == ".json" && isArrayFile(fsys, name, d)) {
			info, err := fs.Stat(fsys, name) // through a link
			if err != nil {
				bad(name, pathErr(err))
				return nil
			}
			ld.deferred = append(ld.deferred, compactFile{fsys: fsys, name: name, fi: len(ld.files), path: show(name), size: info.Size(), array: ext == ".json"})
			ld.files = append(ld.files, &file{path: show(name)})
			return nil
		}
		data, err := readFile(fsys, name)
		if err != nil {
			bad(name, err)
			return nil
		}
		ld.addFile(&file{path: show(name), data: data, bundled: bundled, fsys: fsys, name: name}, ext == ".jsonl")
		return nil
	})
	if walkErr != nil {
		bad(root, pathErr(walkErr))
	}
}

// regular reports an error unless the entry is a regular file or a link
// to one. It never opens the entry.
func regular(fsys fs.FS, name string, d fs.DirEntry) error {
	mode := d.Type()
	link := mode&fs.ModeSymlink != 0
	if link {
		info, err := fs.Stat(fsys, name)
		if err != nil {
			return fmt.Errorf("broken symbolic link: %w", pathErr(err))
		}
		mode = info.Mode().Type()
	}
	if mode.IsRegular() {
		return nil
	}
	what := describeMode(mode)
	if link {
		what = "a symbolic link to " + what
	}
	return fmt.Errorf("not a regular file (%s)", what)
}

// describeMode names a file type.
func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeDir != 0:
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "an irregular file"
}

// readFile reads a regular file, stopping at maxFileSize: the limit holds
// while reading, so a file that grows or lies about its size cannot make
// the loader read without end.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, pathErr(err)
	}
	defer f.Close()
	size := int64(0)
	if info, err := f.Stat(); err == nil {
		if !info.Mode().IsRegular() {
			return nil, fmt.Errorf("not a regular file (%s)", describeMode(info.Mode().Type()))
		}
		size = info.Size()
	}
	if size > maxFileSize {
		return nil, tooLarge("file", size, maxFileSize)
	}
	buf := make([]byte, 0, size+1)
	for r := io.LimitReader(f, maxFileSize+1); ; {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, pathErr(err)
		}
	}
	if int64(len(buf)) > maxFileSize {
		return nil, tooLarge("file", int64(len(buf)), maxFileSize)
	}
	return buf, nil
}

// tooLarge says that something of size bytes is over limit.
func tooLarge(what string, size, limit int64) error {
	over := "more than " + formatSize(limit)
	if size > limit+1 {
		over = formatSize(size)
	}
	return limitError(fmt.Sprintf("%s is %s, over the %s limit for one %s", what, over, formatSize(limit), what))
}

// limitError is a size over its limit; it is ErrTooLarge.
type limitError string

func (e limitError) Error() string { return string(e) }

// Is makes errors.Is(err, ErrTooLarge) true.
func (e limitError) Is(target error) bool { return target == ErrTooLarge }

// formatSize writes a byte count in the largest unit that keeps it whole
// enough to read.
func formatSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.4g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.4g KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
