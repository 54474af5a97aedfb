package jsonscan

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Locate finds the value that a *json.UnmarshalTypeError is about: the
// first value at the dotted field path (which has no array indices) whose
// JSON kind is kind. It returns the value's offset in raw and its path with
// indices, such as "remediation[1].text.en". raw must be valid JSON (it
// is: the decoder checks syntax before it reports types). When nothing
// matches it returns 0 and the field as given.
//
// It walks with an explicit stack, so a deeply nested file costs no
// recursion.
func Locate(raw []byte, field, kind string) (int, string) {
	var target []string
	if field != "" {
		target = strings.Split(field, ".")
	}
	kind = strings.Fields(kind + " ")[0]
	if off, where, ok := locate(raw, target, kind); ok {
		return off, where
	}
	return 0, field
}

// frame is one open object or array on the way to the target: depth is
// how much of the target its members have matched, where their path.
type frame struct {
	array bool
	depth int
	where string
	n     int // elements seen, for arrays
}

func locate(b []byte, target []string, kind string) (int, string, bool) {
	i := SkipSpace(b, 0)
	var stack []frame
	depth, where := 0, ""
	for i < len(b) {
		// At a value that matched target[:depth], reached by where.
		if depth == len(target) && Kind(b[i]) == kind {
			return i, where, true
		}
		switch b[i] {
		case '{':
			stack = append(stack, frame{depth: depth, where: where})
			i++
		case '[':
			stack = append(stack, frame{array: true, depth: depth, where: where})
			i++
		default:
			end, _ := ValueEnd(b, i)
			i = end
		}
		// Move to the next value that may match, closing what ends.
		var ok bool
		i, depth, where, ok = nextValue(b, i, &stack, target)
		if !ok {
			return 0, "", false
		}
	}
	return 0, "", false
}

// nextValue moves from i to the next member or element worth looking into,
// skipping those whose key leaves the target, and returns the depth and
// path the value at the new index has.
func nextValue(b []byte, i int, stack *[]frame, target []string) (int, int, string, bool) {
	for {
		i = SkipSpace(b, i)
		if len(*stack) == 0 || i >= len(b) {
			return i, 0, "", false
		}
		top := &(*stack)[len(*stack)-1]
		switch b[i] {
		case ',':
			i++
			continue
		case '}', ']':
			*stack = (*stack)[:len(*stack)-1]
			i++
			continue
		}
		if top.array {
			where := top.where + "[" + strconv.Itoa(top.n) + "]"
			top.n++
			return i, top.depth, where, true
		}
		end, _ := ValueEnd(b, i)
		var key string
		if json.Unmarshal(b[i:end], &key) != nil {
			key = ""
		}
		i = SkipSpace(b, end)
		i = SkipSpace(b, i+1) // the colon
		if top.depth < len(target) && strings.EqualFold(key, target[top.depth]) {
			where := target[top.depth]
			if top.where != "" {
				where = top.where + "." + where
			}
			return i, top.depth + 1, where, true
		}
		end, _ = ValueEnd(b, i)
		i = end
	}
}
