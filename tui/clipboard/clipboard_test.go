package clipboard

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

func TestCopyWritesOSC52(t *testing.T) {
	var b bytes.Buffer
	text := "**IL-0499** 13:05 PDT · 재시작"
	if msg := Copy(&b, text)(); msg != nil {
		t.Fatalf("Copy returned %v, want no message", msg)
	}
	out := b.String()
	body, ok := strings.CutPrefix(out, "\x1b]52;c;")
	if !ok || !strings.HasSuffix(body, "\a") {
		t.Fatalf("not an OSC 52 sequence: %q", out)
	}
	got, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(body, "\a"))
	if err != nil || string(got) != text {
		t.Fatalf("decodes to %q (%v), want %q", got, err, text)
	}
}
