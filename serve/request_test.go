package serve

import (
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

func TestParseRequest(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		env     []string
		want    request
		wantErr string
	}{
		{name: "defaults", want: request{lang: data.EN, theme: "auto"}},
		{name: "env LANG", env: []string{"LANG=ko_KR.UTF-8"}, want: request{lang: data.KO, theme: "auto"}},
		{name: "last LANG wins", env: []string{"LANG=ko_KR.UTF-8", "LANG=en_US.UTF-8"}, want: request{lang: data.EN, theme: "auto"}},
		{name: "LC_ALL over LANG", env: []string{"LANG=en_US", "LC_ALL=ko_KR"}, want: request{lang: data.KO, theme: "auto"}},
		{name: "env theme", env: []string{"INCIDENTS_THEME=light", "NO_COLOR=1"}, want: request{lang: data.EN, theme: "light", noColor: true}},
		{name: "bad env theme ignored", env: []string{"INCIDENTS_THEME=pink"}, want: request{lang: data.EN, theme: "auto"}},
		{name: "flags over env", args: []string{"--", "--lang", "ko", "--theme=light"}, env: []string{"LANG=en_US", "INCIDENTS_THEME=dark"},
			want: request{lang: data.KO, theme: "light"}},
		{name: "replay", args: []string{"replay", "IL-0499", "--at", "12:47", "--speed", "600", "--study"},
			want: request{lang: data.EN, theme: "auto", replay: "IL-0499", at: "12:47", speed: 600, study: true}},
		{name: "list", args: []string{"list"}, want: request{lang: data.EN, theme: "auto", command: []string{"list", "--lang", "en"}}},
		{name: "show ko json", args: []string{"show", "IL-0499", "--json"}, env: []string{"LANG=ko"},
			want: request{lang: data.KO, theme: "auto", command: []string{"show", "IL-0499", "--json", "--lang", "ko"}}},
		{name: "search after --", args: []string{"search", "--", "--data"},
			want: request{lang: data.EN, theme: "auto", command: []string{"search", "--data", "--lang", "en"}}},
		{name: "shell", args: []string{"sh"}, wantErr: `"sh" is not allowed here`},
		{name: "data flag", args: []string{"list", "--data", "/etc"}, wantErr: `flag "--data" is not allowed`},
		{name: "validate", args: []string{"validate", "/etc"}, wantErr: `"validate" is not allowed`},
		{name: "at without replay", args: []string{"--at", "12:00"}, wantErr: "--at goes with replay"},
		{name: "bad at", args: []string{"replay", "IL-0499", "--at", "25:00"}, wantErr: "invalid time"},
		{name: "bad speed", args: []string{"replay", "IL-0499", "--speed", "7"}, wantErr: "invalid speed"},
		{name: "two ids", args: []string{"replay", "a", "b"}, wantErr: "one incident id"},
		{name: "bad lang", args: []string{"--lang", "fr"}, wantErr: "--lang"},
		{name: "stray word", args: []string{"--lang", "ko", "sh"}, wantErr: `"sh" is not allowed`},
		{name: "escape in name", args: []string{"\x1b]0;pwned\x07"}, wantErr: `"\x1b]0;pwned\x07" is not allowed`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseRequest(tc.args, tc.env, data.EN, "auto")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if strings.ContainsAny(err.Error(), "\x1b\x07\n") {
					t.Fatalf("the refusal carries control characters: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// stuck is a program that takes one message and then never another, like
// a client that stopped reading.
type stuck struct {
	got     chan tea.Msg
	release chan struct{}
}

func (s *stuck) Send(m tea.Msg) {
	s.got <- m
	<-s.release
}

func TestMailboxKeepsOnlyTheLatest(t *testing.T) {
	s := &stuck{got: make(chan tea.Msg, 10), release: make(chan struct{})}
	mb := newMailbox(s)
	defer mb.close()
	mb.put(kindState, 0)
	if m := <-s.got; m != 0 {
		t.Fatalf("first delivery %v", m)
	}
	start := time.Now()
	for i := 1; i <= 10000; i++ {
		mb.put(kindState, i) // the receiver is stuck: none of these may block
	}
	mb.put(kindFinal, "left")
	if d := time.Since(start); d > time.Second {
		t.Fatalf("10000 puts to a stuck mailbox took %v", d)
	}
	close(s.release)
	if m := <-s.got; m != 10000 {
		t.Fatalf("after the stall got %v, want the latest state (10000)", m)
	}
	if m := <-s.got; m != "left" {
		t.Fatalf("then got %v, want the final message", m)
	}
	if mb.dropped != 9999 {
		t.Fatalf("dropped %d, want 9999", mb.dropped)
	}
}
