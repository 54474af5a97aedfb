package data

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// JSON Lines files are read a part at a time, so no single file's size
// is a limit: what protects the program is the limit on one record
// (maxRecordSize) and the total of what one load streams, maxData, which
// the user can raise with the environment variable MaxDataEnv, named in
// the message of a load that passes it.

// MaxDataEnv is the environment variable that sets the most bytes of
// JSON Lines files one load reads (a size such as 16GiB, 800MB or a
// number of bytes).
const MaxDataEnv = "INCIDENTS_MAX_DATA"

// defaultMaxData is the total one load streams when MaxDataEnv is unset:
// several times what a 100k-record export holds (about 600 MB).
const defaultMaxData int64 = 4 << 30

// maxDataBound bounds what MaxDataEnv may ask for.
const maxDataBound int64 = 1 << 50

// maxData returns the total of JSON Lines bytes one load reads: MaxDataEnv
// when it holds a size from 1 MiB to 1 PiB, otherwise defaultMaxData.
func maxData() int64 {
	n, err := parseSize(os.Getenv(MaxDataEnv))
	if err != nil || n < 1<<20 || n > maxDataBound {
		return defaultMaxData
	}
	return n
}

// parseSize reads a size: a number of bytes, optionally followed by K, M,
// G, T (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024), with or
// without a B, in any case.
func parseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40}, {"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12}, {"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"t", 1e12}, {"b", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f*float64(mult) > float64(maxDataBound) {
		return 0, fmt.Errorf("%q is not a size", s)
	}
	return int64(f * float64(mult)), nil
}

// overData says that the JSON Lines files of a load hold size bytes (at
// least), more than limit; it is ErrTooLarge.
func overData(size, limit int64) error {
	return limitError(fmt.Sprintf("the data files hold %s or more, over the %s limit for one load (set %s=%s to raise it)",
		formatSize(size), formatSize(limit), MaxDataEnv, strings.ReplaceAll(formatSize(max(2*limit, size+size/4)), " ", "")))
}

// errGrew refuses a file that grew while it was read.
var errGrew = errors.New("changed while it was read (it grew)")
