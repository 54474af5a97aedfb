package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/cast"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/theme"
)

// castOptions are the flags of `incidents cast` and --record.
type castOptions struct {
	width, height int
	speed         float64
	// record is the file replay and serve record the screen into.
	record string
}

// castCommand is `incidents cast`: a replay as an asciicast file.
var castCommand = &command{
	name: "cast", args: "ID",
	summary: i18n.W("a replay as an asciicast v2 file on stdout, a marker at every event and study stop",
		"재생 화면을 asciicast v2 파일로 출력, 이벤트와 학습 질문마다 마커"),
	minArgs: 1, maxArgs: 1, run: runCast,
	examples: []string{
		"incidents cast IL-0499 > il-0499.cast",
		"asciinema play il-0499.cast  # play it in the terminal",
		"incidents cast IL-0499 --study --lang ko > il-0499-study.cast",
		"incidents cast IL-0499 --size 100x30 --speed 120 --theme light > small.cast",
		"incidents replay IL-0499 --study --record meeting.cast  # record a session as you replay",
	},
}

// recordCmds are the commands that take --record.
var recordCmds = []string{"replay", "serve"}

// castFlagSpecs are the flags of `incidents cast` and --record.
var castFlagSpecs = []flagSpec{
	{name: "size", value: "WxH", cmds: []string{"cast"},
		want: i18n.W(sizeWant(), sizeWant()),
		help: i18n.W(fmt.Sprintf("the terminal's size in cells (default %dx%d)", cast.DefaultWidth, cast.DefaultHeight),
			fmt.Sprintf("터미널 크기, 칸 단위 (기본값 %dx%d)", cast.DefaultWidth, cast.DefaultHeight))},
	{name: "speed", value: "N", cmds: []string{"cast"},
		want: i18n.W(fmt.Sprintf("a number from %d to %d", cast.MinSpeed, cast.MaxSpeed),
			fmt.Sprintf("%d부터 %d까지의 수", cast.MinSpeed, cast.MaxSpeed)),
		help: i18n.W(fmt.Sprintf("the incident's time runs N times as fast (default %d; each step %s to %s)",
			cast.DefaultSpeed, cast.MinStep, cast.MaxStep),
			fmt.Sprintf("장애의 시간을 N배 빠르게 (기본값 %d, 한 걸음은 %s~%s)", cast.DefaultSpeed, cast.MinStep, cast.MaxStep))},
	{name: "record", value: "FILE", cmds: recordCmds, want: i18n.W("a file to write", "쓸 파일"),
		help: i18n.W("record the screen, the keys and a marker at every event and stop as an asciicast v2 file",
			"화면과 누른 키, 이벤트와 학습 질문마다 마커를 asciicast v2 파일로 기록")},
}

func sizeWant() string {
	return fmt.Sprintf("WxH, %d to %d by %d to %d", cast.MinWidth, cast.MaxWidth, cast.MinHeight, cast.MaxHeight)
}

// castWords are the messages of `incidents cast` and --record.
var castWords = i18n.Register("cli.cast", &struct {
	badSize, badSpeed, terminal, record, noPresenter i18n.Word
}{
	badSize: i18n.W("--size: invalid size %q (want WxH, width %d to %d, height %d to %d, such as 120x40)",
		"--size: 잘못된 크기 %q (WxH, 너비 %d~%d, 높이 %d~%d, 예: 120x40)"),
	badSpeed: i18n.W("--speed: invalid speed %q (want a number from %d to %d)",
		"--speed: 잘못된 속도 %q (%d부터 %d까지의 수)"),
	terminal: i18n.W("cast writes a file, not a screen: redirect it, such as 'incidents cast %s > %s.cast'",
		"cast는 화면이 아니라 파일을 씁니다. 'incidents cast %s > %s.cast'처럼 출력을 파일로 보내십시오"),
	record: i18n.W("--record: %v", "--record: %v"),
	noPresenter: i18n.W("--record records the presenter's screen: there is none with --headless or without a terminal",
		"--record는 발표자 화면을 기록합니다. --headless이거나 터미널이 아니면 발표자가 없습니다"),
})

// fill reads the cast flags of command cmd; last gives a flag's last value.
func (c *castOptions) fill(last func(string) string, cmd string, l data.Lang) error {
	c.record = last("record")
	if cmd != "cast" {
		return nil
	}
	c.width, c.height, c.speed = cast.DefaultWidth, cast.DefaultHeight, cast.DefaultSpeed
	if v := last("size"); v != "" {
		w, h, ok := parseSize(v)
		if !ok {
			return usageErrorf(castWords.badSize.In(l), shown(v), cast.MinWidth, cast.MaxWidth, cast.MinHeight, cast.MaxHeight)
		}
		c.width, c.height = w, h
	}
	if v := last("speed"); v != "" {
		s, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(s) || s < cast.MinSpeed || s > cast.MaxSpeed {
			return usageErrorf(castWords.badSpeed.In(l), shown(v), cast.MinSpeed, cast.MaxSpeed)
		}
		c.speed = s
	}
	return nil
}

// parseSize reads "WxH" within cast's bounds: digits only, so no sign,
// space or exponent, and at most four of them.
func parseSize(s string) (w, h int, ok bool) {
	ws, hs, found := strings.Cut(strings.ToLower(s), "x")
	if !found || !digits(ws) || !digits(hs) {
		return 0, 0, false
	}
	w, _ = strconv.Atoi(ws)
	h, _ = strconv.Atoi(hs)
	if w < cast.MinWidth || w > cast.MaxWidth || h < cast.MinHeight || h > cast.MaxHeight {
		return 0, 0, false
	}
	return w, h, true
}

func digits(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func runCast(e *env, o options) (int, error) {
	if e.isTerminal {
		id := data.OneLine(o.args[0])
		return exitUsage, usageErrorf(castWords.terminal.In(o.lang), id, strings.ToLower(id))
	}
	lib := e.load(o)
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	_, err := cast.Render(w, lib, cast.Options{
		ID: o.args[0], Lang: o.lang, Styles: castStyles(o.theme),
		Width: o.cast.width, Height: o.cast.height, Speed: o.cast.speed, Study: o.study, Zone: o.tz,
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	switch {
	case errors.Is(err, data.ErrNotFound) || errors.Is(err, library.ErrNoTimeline):
		return exitFail, err
	case err != nil:
		return exitFail, err
	}
	return exitOK, nil
}

// castStyles are the styles of a recording: 256 colours on a fixed
// background (dark unless --theme light), whatever stdout is, for the file
// is played later on another terminal.
func castStyles(th string) theme.Styles {
	return theme.New(theme.NewRenderer(io.Discard, termenv.ANSI256, th != "light"), theme.DefaultPalette())
}
