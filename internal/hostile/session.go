package hostile

import (
	"encoding/binary"
	"math"
)

// The classes of input that reach a program from a terminal and an SSH
// client rather than from data files: window sizes, numeric flag values
// and SSH channel requests. They are lists of values, not folders.

// Window is a terminal size a client may report. SSH carries columns and
// rows as uint32 (pty-req, window-change); a local terminal's fit in 16
// bits.
type Window struct {
	Name          string
	Width, Height uint32
}

// Windows returns the sizes that have broken or could break a program:
// none, one cell, the 16-bit and 32-bit limits, one huge side, and sizes
// whose product overflows or allocates gigabytes.
func Windows() []Window {
	return []Window{
		{"zero", 0, 0},
		{"one cell", 1, 1},
		{"one column", 1, 500},
		{"one row", 500, 1},
		{"16-bit limit", 65535, 65535},
		{"10k square", 10000, 10000},
		{"32-bit width", math.MaxUint32, 1},
		{"32-bit height", 1, math.MaxUint32},
		{"32-bit both", math.MaxUint32, math.MaxUint32},
		{"int32 overflow", math.MaxInt32 + 1, 2},
		{"wide and short", 1 << 20, 24},
	}
}

// Numbers returns values for a numeric flag (a width, a count): huge,
// past int64, negative, zero, not a number, not UTF-8, padded, in another
// base. A program must refuse each with a message naming the flag, or
// take it within its bounds, in bounded time and memory.
func Numbers() []string {
	return []string{
		"2000000000", "10000000", "100000", "1001", "9223372036854775807", "9223372036854775808",
		"99999999999999999999", "-1", "-99999999999999999999", "0", "-0", "1e9", "NaN", "Inf", "0x7fffffff",
		"1_000", " 80", "80 ", "", "\xff\xfe", "８０", "1.5", "+80",
	}
}

// Request is one SSH channel request, as a client sends it on a session:
// its type, its payload in SSH wire encoding and whether it wants a reply.
type Request struct {
	Name      string
	Type      string
	WantReply bool
	Payload   []byte
}

// WindowChange is the payload of a window-change request.
func WindowChange(w Window) []byte {
	return binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(
		binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, w.Width), w.Height), 0), 0)
}

// PtyReq is the payload of a pty-req request for term at size w.
func PtyReq(term string, w Window) []byte {
	b := sshString(nil, term)
	b = append(b, WindowChange(w)...)
	return sshString(b, "\x00") // the modes: TTY_OP_END
}

func sshString(b []byte, s string) []byte {
	return append(binary.BigEndian.AppendUint32(b, uint32(len(s))), s...)
}

// Requests returns the channel requests a session may receive that the
// server must refuse or bound, one of each, with want-reply so a test can
// check each is answered: forwarding, subsystems, signals, malformed
// payloads and oversized sizes.
func Requests() []Request {
	huge := Window{Width: math.MaxUint32, Height: math.MaxUint32}
	return []Request{
		{"x11", "x11-req", true, append(append([]byte{0}, sshString(sshString(nil, "MIT-MAGIC-COOKIE-1"), "00")...), 0, 0, 0, 0)},
		{"agent forwarding", "auth-agent-req@openssh.com", true, nil},
		{"sftp", "subsystem", true, sshString(nil, "sftp")},
		{"unknown subsystem", "subsystem", true, sshString(nil, "\x1b]0;title\x07")},
		{"signal", "signal", true, sshString(nil, "KILL")},
		{"signal without payload", "signal", true, nil},
		{"break", "break", true, binary.BigEndian.AppendUint32(nil, 1000)},
		{"unknown type", "\x1b[2Jevil@example.com", true, nil},
		{"window-change before pty", "window-change", true, WindowChange(huge)},
		{"truncated window-change", "window-change", true, []byte{0, 0, 1}},
		{"truncated pty-req", "pty-req", true, []byte{0, 0, 0, 9, 'x'}},
		{"env with escapes", "env", true, append(sshString(nil, "LANG"), sshString(nil, "ko\x1b]0;t\x07")...)},
	}
}
