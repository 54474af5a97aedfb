// Package hostile generates hostile inputs for the loader, the commands and
// the explorer: files that are not files, files and records at and past
// their size limits, odd encodings and names, numbers and times at their
// limits, deep and wide JSON, text at the limits of Unicode, and text that
// tries to reach the terminal as escape sequences or forged lines.
//
// Every case is a folder of files to pass with --data. A test writes a
// case with Write, runs what it tests over the folder, and checks that
// the records the case lists in Good still load and that nothing from the
// files reached the output unsanitised.
package hostile

import (
	"errors"
	"net"
	"os"
	"path/filepath"
)

// Case is one hostile input.
type Case struct {
	// Class groups cases by what they attack ("file type", "encoding").
	Class string
	// Name tells the case apart within its class.
	Name  string
	Files []File
	// Good lists the ids of records in Files that must load.
	Good []string
	// Timelines lists incidents whose timeline in Files must load.
	Timelines []string
	// Show lists ids to run show and timeline on, whether or not their
	// records load: a bad one must be reported, not crash.
	Show []string
	// Query is something to search for.
	Query string
	// Absent lists text that must appear in no output, such as the
	// largest Go duration printed for a span that overflows it.
	Absent []string
	// Owner names the helper whose fix the case waits on, when it is not
	// the loader's; "" for none.
	Owner string
}

// Kind is the type of a file to make.
type Kind int

// The kinds of file.
const (
	Regular Kind = iota
	FIFO
	Socket
	Symlink // to Target
	Dir     // an empty directory with the file's name
)

// File is one entry of a case's folder.
type File struct {
	// Name is the path inside the folder, slash-separated; it may hold any
	// byte but NUL and slash.
	Name   string
	Data   []byte
	Kind   Kind
	Target string // of a Symlink
}

// Write makes c's files in dir. It returns a function that releases what
// must stay open (a socket's listener), and an error wrapping
// errors.ErrUnsupported for a kind the system cannot make.
func (c Case) Write(dir string) (release func(), err error) {
	var closers []func()
	release = func() {
		for _, f := range closers {
			f()
		}
	}
	for _, f := range c.Files {
		name := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
			return release, err
		}
		switch f.Kind {
		case Regular:
			err = os.WriteFile(name, f.Data, 0o600)
		case FIFO:
			err = mkfifo(name)
		case Socket:
			var l net.Listener
			l, err = net.Listen("unix", name)
			if err == nil {
				closers = append(closers, func() { l.Close() })
			}
		case Symlink:
			err = os.Symlink(f.Target, name)
		case Dir:
			err = os.Mkdir(name, 0o700)
		}
		if err != nil {
			if f.Kind != Regular {
				err = errors.Join(errors.ErrUnsupported, err)
			}
			return release, err
		}
	}
	return release, nil
}

// Size is the total size of c's regular files.
func (c Case) Size() int {
	n := 0
	for _, f := range c.Files {
		n += len(f.Data)
	}
	return n
}

// Cases returns every hostile case. Large cases are large enough to show
// work that grows faster than the input, and small enough to run in a test.
func Cases() []Case {
	var cs []Case
	for _, gen := range []func() []Case{
		fileTypes, sizes, encodings, names, injection, numbers, times,
		deepWide, unicode, structure, timelines, models, owned,
	} {
		cs = append(cs, gen()...)
	}
	return cs
}
