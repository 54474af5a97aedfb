package jsonscan

import (
	"encoding/json"
	"strconv"
	"strings"
)

// LocatePath finds the value at a field path as the loader's errors name
// it, with indices: "date", "events[3].at", "series[0].points[2].t". It
// returns the value's offset in raw and true, or, when the path leaves the
// JSON (a missing field, an index past the end), the offset of the deepest
// object or array it reached and false, so that an error about a missing
// field points at the object that lacks it. Keys match ignoring case, as
// encoding/json's do. raw must be valid JSON.
func LocatePath(raw []byte, path string) (int, bool) {
	steps := splitPath(path)
	i := SkipSpace(raw, 0)
	for _, st := range steps {
		if i >= len(raw) {
			return 0, false
		}
		next, ok := step(raw, i, st)
		if !ok {
			return i, false
		}
		i = next
	}
	return i, true
}

// pathStep is one step of a field path: a key, or an index when key is "".
type pathStep struct {
	key   string
	index int
}

// splitPath turns "a[1].b" into a, [1], b. A malformed index is kept as a
// key, which then matches nothing.
func splitPath(path string) []pathStep {
	var out []pathStep
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		if name != "" {
			out = append(out, pathStep{key: name})
		}
		for rest != "" {
			num, after, ok := strings.Cut(rest, "]")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || n < 0 {
				out = append(out, pathStep{key: "[" + rest})
				break
			}
			out = append(out, pathStep{index: n})
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return out
}

// step moves from the object or array at raw[i] to its member st.
func step(raw []byte, i int, st pathStep) (int, bool) {
	open := raw[i]
	if st.key != "" && open != '{' || st.key == "" && open != '[' {
		return 0, false
	}
	j := SkipSpace(raw, i+1)
	for n := 0; j < len(raw) && raw[j] != '}' && raw[j] != ']'; n++ {
		if st.key != "" {
			end := StringEnd(raw, j)
			if end < 0 {
				return 0, false
			}
			var key string
			_ = json.Unmarshal(raw[j:end], &key)
			j = SkipSpace(raw, end)
			j = SkipSpace(raw, j+1) // the colon
			if j >= len(raw) {
				return 0, false
			}
			if strings.EqualFold(key, st.key) {
				return j, true
			}
		} else if n == st.index {
			return j, true
		}
		end, ok := ValueEnd(raw, j)
		if !ok {
			return 0, false
		}
		j = SkipSpace(raw, end)
		if j < len(raw) && raw[j] == ',' {
			j = SkipSpace(raw, j+1)
		}
	}
	return 0, false
}
