package mcp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

func TestInstructions(t *testing.T) {
	lib := openTest(t)
	var problems []string
	for i := range maxProblems + 5 {
		problems = append(problems, fmt.Sprintf("mine/bad-%02d.json:%d:1: broken\x1b[31m\nsecond line", i, i+1))
	}
	tests := []struct {
		lang      data.Lang
		want, not []string
	}{
		{data.EN, []string{"2 public outage postmortems", "provenance", "quote the \"en\" side"}, []string{"사후 분석"}},
		{data.KO, []string{"사후 분석 2건", "answer in Korean"}, []string{"2 public outage postmortems"}},
		{data.Both, []string{"2 public outage postmortems", "사후 분석 2건", "quote both sides"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.lang.String(), func(t *testing.T) {
			got := Instructions(lib, Options{Lang: tc.lang, Problems: problems})
			for _, w := range append(tc.want, "Data problems (45;", "mine/bad-00.json:1:1: broken second line", "… and 5 more") {
				if !strings.Contains(got, w) {
					t.Errorf("instructions lack %q", w)
				}
			}
			for _, n := range append(tc.not, "\x1b", fmt.Sprintf("bad-%02d", maxProblems)) {
				if n != "" && strings.Contains(got, n) {
					t.Errorf("instructions have %q", n)
				}
			}
		})
	}
}
