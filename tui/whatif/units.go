package whatif

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// unitWords are the model's units and switch values as the panel and the
// basis page show them: English as the model writes them, Korean around
// the number (a unit not here is shown as written).
var unitWords = i18n.Register("whatif.units", &struct {
	// around are "%s unit" in English and the unit's Korean form with its
	// number, for the basis page's values.
	around map[string]i18n.Word
	// alone are a unit shown after a value the panel writes apart, in
	// the panel's unit column.
	alone map[string]i18n.Word
	// on and off are a switch's values; --set keeps on and off.
	on, off i18n.Word
}{
	around: map[string]i18n.Word{
		"instances":          i18n.W("%s instances", "%s대"),
		"partitions":         i18n.W("%s partitions", "%s개"),
		"cores":              i18n.W("%s cores", "코어 %s개"),
		"ms":                 i18n.W("%s ms", "%sms"),
		"ms per 100k queued": i18n.W("%s ms per 100k queued", "대기 메시지 10만 개당 %sms"),
		"s":                  i18n.W("%s s", "%s초"),
		"min":                i18n.W("%s min", "%s분"),
		"calls":              i18n.W("%s calls", "통화 %s건"),
		"factor":             i18n.W("%s×", "%s배"),
		"per hour":           i18n.W("%s per hour", "시간당 %s"),
		"per s":              i18n.W("%s per s", "초당 %s"),
		"share":              i18n.W("a share of %s", "비율 %s"),
	},
	alone: map[string]i18n.Word{
		"ms per 100k queued": i18n.W("ms per 100k queued", "ms(대기 메시지 10만 개당)"),
		"ms":                 i18n.W("ms", "ms"),
		"s":                  i18n.W("s", "초"),
		"min":                i18n.W("min", "분"),
		"per s":              i18n.W("per s", "초당"),
		"per hour":           i18n.W("per hour", "시간당"),
		"share":              i18n.W("share", "비율"),
	},
	on:  i18n.W("on", "켬"),
	off: i18n.W("off", "끔"),
})

// withUnit writes a value with its unit in l: "15 instances", "15대",
// "1 ms per 100k queued", "대기 메시지 10만 개당 1ms". Both languages show
// the English form.
func withUnit(value, unit string, l data.Lang) string {
	if unit == "" {
		return value
	}
	if w, ok := unitWords.around[unit]; ok {
		return fmt.Sprintf(w.In(l), value)
	}
	return value + " " + unit
}

// unitAlone is a unit shown apart from its value, in l.
func unitAlone(unit string, l data.Lang) string {
	if w, ok := unitWords.alone[unit]; ok {
		return w.In(l)
	}
	return unit
}

// switchValue writes a switch's value, on or off, in l; other values as
// they are.
func switchValue(v string, l data.Lang) string {
	switch v {
	case "on":
		return unitWords.on.In(l)
	case "off":
		return unitWords.off.In(l)
	}
	return v
}
