package data

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"
)

// cacheFixture is a small data file, its cache file as SearchLoad writes
// it, and what readCache needs to read one back.
type cacheFixture struct {
	good []byte
	key  *cacheKey
	s    streamFile
	p    *plan
}

func newCacheFixture(f *testing.F) *cacheFixture {
	dir := f.TempDir()
	data := []byte(`{"id":"A-1","date":"2020-01-02","title":{"en":"DNS fell over","ko":"DNS 장애"},"summary":{"en":"dns","ko":"디엔에스"},"domain":["net"]}` + "\n" +
		`{"id":"A-2","date":"2021-01-02","title":"Plain","root_cause":"dns"}` + "\n" +
		`{"id":"a-3","date":"2022-01-02","title":"Quiet","summary":{"en":"the resolver's DNS cache","ko":"리졸버 캐시"}}` + "\n")
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), data, 0o600); err != nil {
		f.Fatal(err)
	}
	cache := f.TempDir()
	if _, err := SearchLoad(Options{Paths: []string{dir}, NoBundled: true, Cache: cache}, "dns"); err != nil {
		f.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*"))
	if len(files) != 1 {
		f.Fatalf("cache holds %v", files)
	}
	good, _ := os.ReadFile(files[0])
	s := streamFile{fsys: dirFS(dir), name: "a.jsonl", path: "a.jsonl"}
	info, _ := os.Stat(filepath.Join(dir, "a.jsonl"))
	return &cacheFixture{good: good, key: makeCacheKey(s, info), s: s, p: newPlan("dns")}
}

// check reads b back as the cache file and fails on anything accepted
// that SearchLoad would not have made: entries out of place, or matched
// records that are not clean.
func (fx *cacheFixture) check(t *testing.T, b []byte) {
	c := t.TempDir()
	if err := os.WriteFile(fx.key.file(c), b, 0o600); err != nil {
		t.Fatal(err)
	}
	ents, ok := readCache(c, fx.key, fx.s, fx.p, newVocab())
	if !ok {
		return
	}
	last := -1
	for _, e := range ents {
		if e.off <= last || int64(e.off) >= fx.key.size || e.line < 1 || e.col < 1 {
			t.Fatalf("accepted an entry out of place: %+v", e)
		}
		last = e.off
		if e.matched && (e.rec.ID != OneLine(Sanitize(e.rec.ID)) || e.rec.Day.IsZero() || sanitizeTitle(e.rec.Title.EN) != e.rec.Title.EN) {
			t.Fatalf("accepted a record that is not clean: %+v", e.rec)
		}
	}
}

// FuzzCacheFile feeds readCache any bytes as a cache file: it must never
// panic, and whatever it accepts must be records as SearchLoad would have
// made them: cleaned text, checked, in file order, within the data file.
func FuzzCacheFile(f *testing.F) {
	fx := newCacheFixture(f)
	f.Add(fx.good)
	f.Add(fx.good[:len(fx.good)-3])
	f.Add(bytes.Replace(fx.good, []byte("A-1"), []byte("A\x1b1"), 1))
	f.Fuzz(func(t *testing.T, b []byte) { fx.check(t, b) })
}

// FuzzCacheBlock is FuzzCacheFile past the checksums: the fuzzer writes a
// cache file's text section and its list block's payload, which are
// framed with the right header, offsets, checksums and trailer, so that
// every check of what a block holds is tried.
func FuzzCacheBlock(f *testing.F) {
	fx := newCacheFixture(f)
	head := fx.key.header()
	text, payload, count, ok := splitCacheFile(fx.good, len(head))
	if !ok {
		f.Fatal("the fixture's cache file has not one block")
	}
	frame := func(text, payload []byte, count uint64) []byte {
		b := append([]byte{}, head...)
		b = append(b, text...)
		meta := len(b)
		block := binary.LittleEndian.AppendUint64(nil, uint64(len(head)))
		block = binary.AppendUvarint(block, uint64(len(text)))
		block = append(block, payload...)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(block)))
		b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(block, castagnoli))
		b = append(b, block...)
		tail := binary.LittleEndian.AppendUint64(nil, uint64(meta))
		tail = binary.LittleEndian.AppendUint64(tail, count)
		tail = binary.LittleEndian.AppendUint32(tail, crc32.Checksum(tail, castagnoli))
		return append(append(b, tail...), cacheEnd...)
	}
	if !bytes.Equal(frame(text, payload, count), fx.good) {
		f.Fatal("framing the fixture's parts does not give its cache file back")
	}
	f.Add(text, payload, count)
	f.Add(text, bytes.Replace(payload, []byte("A-1"), []byte("A\x1b1"), 1), count)
	f.Add(text[:len(text)-1], payload, count)
	f.Add(bytes.ToUpper(text), payload, count)
	f.Fuzz(func(t *testing.T, text, payload []byte, count uint64) { fx.check(t, frame(text, payload, count)) })
}

// splitCacheFile returns the text section and the payload of the only
// list block of cache file b, whose header is n bytes, and its count.
func splitCacheFile(b []byte, n int) (text, payload []byte, count uint64, ok bool) {
	t := b[len(b)-cacheTrailer:]
	metaStart, count := binary.LittleEndian.Uint64(t), binary.LittleEndian.Uint64(t[8:])
	rest := b[metaStart : len(b)-cacheTrailer]
	size := binary.LittleEndian.Uint32(rest)
	if int(size)+8 != len(rest) {
		return nil, nil, 0, false
	}
	p := rest[16 : 8+size]
	_, k := binary.Uvarint(p)
	return b[n:metaStart], p[k:], count, true
}
