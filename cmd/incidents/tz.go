package main

import (
	_ "time/tzdata" // zone names work on machines without /usr/share/zoneinfo (about 450 KB)

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// --tz: the zone every shown time is written in (replay.Zone), read and
// checked here, where it enters.

// tzCommands are the commands that show times: the TUI and the texts.
var tzCommands = []string{"", "show", "timeline", "replay", "serve", "cast"}

var tzFlagSpec = flagSpec{name: "tz", value: "ZONE", cmds: tzCommands,
	want: i18n.W("source, utc, local or an IANA zone name such as Asia/Seoul",
		"source, utc, local 또는 Asia/Seoul 같은 IANA 시간대 이름"),
	help: i18n.W("show times in ZONE: source (the default), utc, local or an IANA name such as Asia/Seoul; z switches in the TUI",
		"시각을 ZONE 기준으로 표시: source(기본값, 원본 시간대), utc, local(이 컴퓨터) 또는 Asia/Seoul 같은 IANA 이름 (TUI에서는 z로 바꿈)")}

var tzWords = i18n.Register("cli.tz", &struct{ bad i18n.Word }{
	bad: i18n.W("--tz: unknown time zone %q (want %s)", "--tz: 알 수 없는 시간대 %q입니다 (%s)"),
})

// parseTZ reads --tz; an unknown zone is a usage error naming the flag,
// the value (cleaned and cut) and the forms accepted, in language l.
func parseTZ(v string, l data.Lang) (replay.Zone, error) {
	z, err := replay.ParseZone(v, nil)
	if err != nil {
		shown := v // %q below escapes control characters
		if len(shown) > replay.MaxZoneLen {
			shown = shown[:replay.MaxZoneLen] + "…"
		}
		return z, usageErrorf(tzWords.bad.In(l), shown, tzFlagSpec.want.In(l))
	}
	return z, nil
}
