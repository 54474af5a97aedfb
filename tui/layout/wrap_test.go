package layout

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// TestWrapKorean goldens Korean and mixed text at several widths. Each line
// is shown between bars, padded to the width, so a break is easy to judge.
func TestWrapKorean(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		widths []int
	}{
		{"short", "세션 서버가 멈췄다.", []int{8, 20}},
		{"long", "Discord의 음성 서버는 세션을 다시 맺으려는 클라이언트가 한꺼번에 몰리자 시작 세션 한도에 걸렸고, 운영자는 한도를 올린 뒤 트래픽을 지역별로 나누어 돌려보냈다.", []int{20, 39, 40, 80}},
		{"mixed", "us-east-1의 DynamoDB DNS 레코드가 비면서 EC2 인스턴스 시작과 Lambda 호출이 실패했다 (AWS, 2025-10-20).", []int{16, 30, 60}},
		{"word longer than the line", "인증서였다는 사실을 확인했다: 초고속인증서갱신자동화파이프라인이 멈췄다.", []int{7, 10, 13}},
		{"particles", "AWS는 DynamoDB가 Discord의 etcd에서 5분의 1이 3시간 17분 동안 CrowdStrike를 통해", []int{9, 12, 25}},
		{"punctuation", "“대기 중” 상태가 – 약 40분 – 이어졌다. (복구됨) 다음 단계는…", []int{6, 9, 14}},
		{"url", "자세한 내용: https://discord.com/blog/how-discord-stores-trillions-of-messages 참고.", []int{20, 40}},
	}
	var b strings.Builder
	for _, c := range cases {
		for _, w := range c.widths {
			fmt.Fprintf(&b, "%s at %d\n", c.name, w)
			for _, l := range WrapText(c.text, w) {
				fmt.Fprintf(&b, "|%s|\n", l+strings.Repeat(" ", max(0, w-lipgloss.Width(l))))
			}
			b.WriteString("\n")
		}
	}
	golden.RequireEqual(t, []byte(b.String()))
}

// TestWrapWholeWords wraps random text at every width and checks that every
// word of the source no wider than the line comes out whole, in order, and
// that a wider word comes out as consecutive pieces of it; that no line is
// wider than the line unless it is a URL alone; and that no piece of a cut
// word is a lone cluster when the word could spare another.
func TestWrapWholeWords(t *testing.T) {
	words := []string{
		"the", "supervisor", "mailbox", "세션", "서버가", "멈췄다.", "음성·영상", "us-east1-b", "(etcd)",
		"“Awaiting", "Endpoint”", "🔥", "a", "한", "–", "AWS는", "DynamoDB가", "인증서였다.",
		"초고속인증서갱신자동화파이프라인이", "https://example.com/behind-the-scenes-of-a-long-url",
		"3시간", "17분", "…", "2025-10-20",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 400; i++ {
		var src []string
		for j := 1 + rng.IntN(30); j > 0; j-- {
			src = append(src, words[rng.IntN(len(words))])
		}
		s := strings.Join(src, strings.Repeat(" ", 1+rng.IntN(2)))
		for w := 2; w <= 41; w++ {
			checkWholeWords(t, s, src, w)
		}
	}
}

func checkWholeWords(t *testing.T, s string, src []string, w int) {
	t.Helper()
	lines := WrapText(s, w)
	var got []string
	for _, l := range lines {
		f := strings.Fields(l)
		if lipgloss.Width(l) > w && (len(f) != 1 || !isURL(f[0])) {
			t.Fatalf("WrapText(%q, %d): line %q is %d cells", s, w, l, lipgloss.Width(l))
		}
		got = append(got, f...)
	}
	k := 0
	for _, word := range src {
		if k >= len(got) {
			t.Fatalf("WrapText(%q, %d) = %q: %q is missing", s, w, lines, word)
		}
		if lipgloss.Width(word) <= w || isURL(word) {
			if got[k] != word {
				t.Fatalf("WrapText(%q, %d) = %q: got %q where the word %q is", s, w, lines, got[k], word)
			}
			k++
			continue
		}
		// A word wider than the line: consecutive pieces, each on a line
		// of its own but the last.
		rest := word
		for rest != "" {
			if k >= len(got) || !strings.HasPrefix(rest, got[k]) {
				t.Fatalf("WrapText(%q, %d) = %q: the pieces of %q do not make it up", s, w, lines, word)
			}
			rest = rest[len(got[k]):]
			k++
		}
	}
	if k != len(got) {
		t.Fatalf("WrapText(%q, %d) = %q: extra words %q", s, w, lines, got[k:])
	}
}

// TestWrapLongInput wraps and cuts a million characters, with and without
// spaces, well within a generous bound: the work is linear in the length.
// (BenchmarkWrap gives the figures.)
func TestWrapLongInput(t *testing.T) {
	inputs := map[string]string{
		"one word":   strings.Repeat("가나다라마바사아자차abcdefghij", 50_000),
		"words":      strings.Repeat("가나다 라마바사 abcd efghij ", 50_000),
		"latin word": strings.Repeat("x", 1_000_000),
	}
	for name, s := range inputs {
		t.Run(name, func(t *testing.T) {
			done := make(chan []string, 1)
			go func() { done <- Wrap(s, 80) }()
			select {
			case lines := <-done:
				if len(lines) < 10_000 {
					t.Fatalf("%d lines for %d bytes", len(lines), len(s))
				}
			case <-time.After(30 * time.Second):
				t.Fatal("Wrap of a million characters did not finish in 30 s")
			}
			if got := Truncate(s, 40); lipgloss.Width(got) < 39 || lipgloss.Width(got) > 40 {
				t.Fatalf("Truncate is %d cells", lipgloss.Width(got))
			}
		})
	}
}

// TestTruncateMatchesAnsi checks the plain-text path of Truncate against
// ansi.Truncate on random text at every width.
func TestTruncateMatchesAnsi(t *testing.T) {
	parts := []string{"a", "b", " ", "한", "글", "🔥", "e\u0301", "…", "👍🏽", "\u200d", "x", "\u1100", "\u1161", "\u11a8", "각", "\u0301", "\t"}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		var b strings.Builder
		for j := rng.IntN(12); j > 0; j-- {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		s := b.String()
		for w := -1; w <= 14; w++ {
			if got, want := Truncate(s, w), ansi.Truncate(s, max(w, 0), "…"); got != want {
				t.Fatalf("Truncate(%q, %d) = %q, ansi.Truncate gives %q", s, w, got, want)
			}
		}
	}
}

// BenchmarkWrap wraps a million characters: go test -bench Wrap ./tui/layout
func BenchmarkWrap(b *testing.B) {
	for name, s := range map[string]string{
		"1M-one-word": strings.Repeat("가나다라마바사아자차abcdefghij", 50_000),
		"1M-words":    strings.Repeat("가나다 라마바사 abcd efghij ", 50_000),
		"1M-korean":   strings.Repeat("가나다라마바사아자차", 100_000),
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Wrap(s, 80)
			}
		})
	}
}

// BenchmarkTruncate cuts a million characters to a list cell.
func BenchmarkTruncate(b *testing.B) {
	s := strings.Repeat("가나다 라마바사 abcd efghij ", 50_000)
	for b.Loop() {
		Truncate(s, 40)
	}
}
