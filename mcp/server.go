package mcp

import (
	"context"
	"fmt"
	"io"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
)

// ToolNames are the server's tools (tools/list gives them sorted by name).
// The names are frozen: agents and their users' prompts rely on them.
var ToolNames = []string{"search_incidents", "get_incident", "list_incidents", "get_timeline", "vocab", "get_topic"}

// DefaultMaxResult bounds the size of one tool result on the wire, in
// bytes: its structured content and text copy together.
const DefaultMaxResult = 1 << 20

// maxProblems bounds the data problems listed in the instructions; the
// rest are counted (every one is on stderr).
const maxProblems = 40

// Options configure a server.
type Options struct {
	// Lang is the reader's language, which the instructions ask the agent
	// to answer in; results are always bilingual.
	Lang data.Lang
	// Problems are the data-load problems, "path:line:col: message", to
	// tell the agent about at initialisation.
	Problems []string
	// Notices are the load's other remarks (a user record replacing a
	// bundled one).
	Notices []string
	// Version is the server's version in its implementation info.
	Version string
	// MaxResult bounds one tool result in bytes; 0 means DefaultMaxResult.
	MaxResult int
}

// server holds what the tool handlers share.
type server struct {
	lib *library.Library
	max int
}

// New returns an MCP server over lib with every tool added.
func New(lib *library.Library, opts Options) *sdk.Server {
	s := &server{lib: lib, max: opts.MaxResult}
	if s.max <= 0 {
		s.max = DefaultMaxResult
	}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: "incidents", Title: "Incidents", Version: version},
		&sdk.ServerOptions{
			Instructions: Instructions(lib, opts),
			// Tools only: no logging capability, and the tool list never
			// changes while the server runs.
			Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{}},
		})
	s.addTools(srv)
	srv.AddReceivingMiddleware(clipErrors)
	return srv
}

// Serve runs a server over lib on r and w (stdin and stdout) until the
// client closes r or ctx is done. Nothing but protocol is written to w.
func Serve(ctx context.Context, lib *library.Library, opts Options, r io.Reader, w io.Writer) error {
	g := newGate(r, w)
	t := &sdk.IOTransport{Reader: g, Writer: gateOut{g}}
	err := New(lib, opts).Run(ctx, t)
	if ctx.Err() != nil || err == io.EOF {
		return nil
	}
	return err
}

// Instructions returns what the server tells a client at initialisation:
// what the library holds, how to read series, and any data problems.
func Instructions(lib *library.Library, opts Options) string {
	var b strings.Builder
	recs, tls := len(lib.Records()), len(lib.TimelineIDs())
	if opts.Lang != data.KO {
		fmt.Fprintf(&b, "incidents: a local, offline library of %d public outage postmortems, %d with an annotated timeline (%s). ",
			recs, tls, strings.Join(lib.TimelineIDs(), ", "))
		b.WriteString("Find incidents with search_incidents or list_incidents (facets: org, year, domain, component, root_cause, factor, severity), " +
			"read one with get_incident, replay one with get_timeline, and look up tags with vocab and get_topic. " +
			"Text fields are bilingual objects {\"en\", \"ko\"}. " +
			"Every series has a provenance: \"reported\" figures are stated by the source, \"modelled\" ones are computed by this project's model, " +
			"\"illustrative\" ones are a drawn shape; never present a modelled or illustrative value as a measurement. " +
			"A get_timeline call with set re-runs the model and is marked \"hypothetical\". " +
			"A result too large to send carries a \"truncated\" note saying what was left out.")
	}
	if opts.Lang != data.EN {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "incidents: 공개 장애 사후 분석 %d건을 담은 로컬 오프라인 라이브러리이며, 그중 %d건은 주석이 달린 타임라인이 있다(%s). ",
			recs, tls, strings.Join(lib.TimelineIDs(), ", "))
		b.WriteString("search_incidents나 list_incidents로 찾고(패싯: org, year, domain, component, root_cause, factor, severity), " +
			"get_incident로 읽고, get_timeline으로 다시 보고, vocab과 get_topic으로 태그를 찾는다. " +
			"텍스트 필드는 {\"en\", \"ko\"} 두 언어 객체다. " +
			"모든 시계열에는 출처 구분(provenance)이 있다. \"reported\"는 원문이 밝힌 수치, \"modelled\"는 이 프로젝트의 모델이 계산한 값, " +
			"\"illustrative\"는 모양을 그린 것이다. modelled나 illustrative 값을 측정값처럼 말하지 않는다. " +
			"get_timeline에 set을 주면 모델을 다시 돌리고 결과에 \"hypothetical\" 표시가 붙는다. " +
			"너무 커서 잘린 결과에는 무엇을 뺐는지 알려 주는 \"truncated\"가 붙는다.")
	}
	switch opts.Lang {
	case data.KO:
		b.WriteString("\n\nThe reader reads Korean: quote the \"ko\" side and answer in Korean.")
	case data.Both:
		b.WriteString("\n\nThe reader reads English and Korean: quote both sides.")
	default:
		b.WriteString("\n\nThe reader reads English: quote the \"en\" side.")
	}
	writeProblems(&b, opts)
	return b.String()
}

func writeProblems(b *strings.Builder, opts Options) {
	if len(opts.Problems) > 0 {
		fmt.Fprintf(b, "\n\nData problems (%d; the files or records they name were skipped, everything else is served):\n", len(opts.Problems))
		for i, p := range opts.Problems {
			if i == maxProblems {
				fmt.Fprintf(b, "… and %d more (the server's stderr lists every one)\n", len(opts.Problems)-i)
				break
			}
			fmt.Fprintf(b, "%s\n", oneLine(p))
		}
	}
	if len(opts.Notices) > 0 {
		b.WriteString("\n\nNotices:\n")
		for i, n := range opts.Notices {
			if i == maxProblems {
				fmt.Fprintf(b, "… and %d more\n", len(opts.Notices)-i)
				break
			}
			fmt.Fprintf(b, "%s\n", oneLine(n))
		}
	}
}

// oneLine keeps a problem on one line and bounded: file names and messages
// come from the user's folders.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(data.Sanitize(s)), " ")
	if r := []rune(s); len(r) > 300 {
		s = string(r[:300]) + "…"
	}
	return s
}

// maxErr bounds the text of a tool error, in runes: the SDK's schema errors
// and the handlers' errors quote arguments, and arguments come from the
// client.
const maxErr = 400

// clipErrors cuts the text of every tool error to maxErr runes.
func clipErrors(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		if r, ok := res.(*sdk.CallToolResult); ok && r != nil && r.IsError {
			for _, c := range r.Content {
				if t, ok := c.(*sdk.TextContent); ok {
					t.Text = clipText(t.Text, maxErr)
				}
			}
		}
		return res, err
	}
}

// clipText cuts s to n runes, saying how much was left out.
func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return fmt.Sprintf("%s… (%d more characters)", string(r[:n]), len(r)-n)
	}
	return s
}
