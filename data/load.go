package data

import (
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
	"strings"
	"time"
)

// Options says what Load reads.
type Options struct {
	// Paths are the user's files and folders, loaded after the bundle.
	Paths []string
	// NoBundled leaves the bundled library out.
	NoBundled bool
}

// Load reads the bundled library and the user's paths. It never returns a
// nil Library: everything valid loads, and the error joins every problem.
func Load(opts Options) (*Library, error) {
	lib := &Library{Timelines: map[string]*Timeline{}, Vocab: &Vocab{terms: map[string]Term{}}, byID: map[string]*Record{}}
	var errs []error
	if !opts.NoBundled {
		b := Bundled()
		names, _ := fs.Glob(b, "records/*.json")
		for _, n := range names {
			raw, err := fs.ReadFile(b, n)
			if err != nil {
				errs = append(errs, &Error{Path: bundledPrefix + n, Err: err})
				continue
			}
			var r Record
			if err := json.Unmarshal(raw, &r); err != nil {
				errs = append(errs, &Error{Path: bundledPrefix + n, Err: err})
				continue
			}
			r.Origin = bundledPrefix + n
			r.Day, _ = time.Parse(time.DateOnly, r.Date)
			lib.Records = append(lib.Records, &r)
			lib.byID[strings.ToLower(r.ID)] = &r
		}
		names, _ = fs.Glob(b, "timelines/*.json")
		for _, n := range names {
			raw, err := fs.ReadFile(b, n)
			if err != nil {
				errs = append(errs, &Error{Path: bundledPrefix + n, Err: err})
				continue
			}
			var tl Timeline
			if err := json.Unmarshal(raw, &tl); err != nil {
				errs = append(errs, &Error{Path: bundledPrefix + n, Err: err})
				continue
			}
			tl.Origin = bundledPrefix + n
			lib.Timelines[tl.Incident] = &tl
		}
	}
	sort.SliceStable(lib.Records, func(i, j int) bool {
		a, b := lib.Records[i], lib.Records[j]
		if !a.Day.Equal(b.Day) {
			return a.Day.After(b.Day)
		}
		return a.ID < b.ID
	})
	return lib, errors.Join(errs...)
}
