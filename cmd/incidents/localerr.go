package main

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// errWords are the command line's words for the errors the library
// returns in English (an unknown id, an incident without a timeline, a
// model parameter --set does not know) and for the commands' own.
var errWords = i18n.Register("cli.errors", &struct {
	notFound, didYouMean, noTimeline i18n.Word
	replayTerminal, badSet, setTwice i18n.Word
	setFailed                        i18n.Word
}{
	notFound:       i18n.W("%s: incident not found", "%s: 라이브러리에 없는 사례입니다"),
	didYouMean:     i18n.W(" (did you mean %s?)", ". 이것을 찾으셨나요: %s"),
	noTimeline:     i18n.W("%s has no timeline (incidents with one: %s)", "%s에는 타임라인이 없습니다 (타임라인이 있는 사례: %s)"),
	replayTerminal: i18n.W("replay needs a terminal; for text, run 'incidents timeline %s'", "재생에는 터미널이 필요합니다. 텍스트로 보려면 'incidents timeline %s'를 실행하세요"),
	badSet:         i18n.W("--set: invalid %q (want NAME=VALUE, such as partitions=32)", "--set: 잘못된 값 %q (partitions=32처럼 NAME=VALUE 형식)"),
	setTwice:       i18n.W("--set: %s given more than once (want each name once)", "--set: %s를 두 번 넘게 주었습니다 (이름마다 한 번씩)"),
	setFailed:      i18n.W("--set: %s", "--set: %s"),
})

var (
	notFoundRE   = regexp.MustCompile(`^(".*"): incident not found(?: \(did you mean (.*)\?\))?$`)
	noTimelineRE = regexp.MustCompile(`^(\S+) has no timeline \(incidents with one: (.*)\)$`)
)

// localError returns err with its message in l, wrapping it still: the
// library's not-found and no-timeline errors are written in English (it
// knows no language), and the command line writes them in the reader's.
func localError(err error, l data.Lang) error {
	if err == nil || l != data.KO {
		return err
	}
	msg := err.Error()
	switch {
	case errors.Is(err, data.ErrNotFound):
		if m := notFoundRE.FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf(errWords.notFound.In(l), m[1])
			if m[2] != "" {
				msg += fmt.Sprintf(errWords.didYouMean.In(l), m[2])
			}
		}
	case errors.Is(err, library.ErrNoTimeline):
		if m := noTimelineRE.FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf(errWords.noTimeline.In(l), m[1], m[2])
		}
	default:
		return err
	}
	return &translated{msg, err}
}

// translated is an error shown in another language than its cause's.
type translated struct {
	msg string
	err error
}

func (t *translated) Error() string { return t.msg }
func (t *translated) Unwrap() error { return t.err }
