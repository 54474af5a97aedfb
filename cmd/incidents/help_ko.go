package main

import (
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// helpWords translate what the help shows from elsewhere in English: the
// notes after the examples' "#", and the what-if parameters' help from the
// model (which knows no language), found by their English.
var helpWords = i18n.Register("cli.help", &struct {
	notes, params []i18n.Word
}{
	notes: []i18n.Word{
		i18n.W("play it in the terminal", "터미널에서 재생"),
		i18n.W("record a session as you replay", "재생하면서 화면을 기록"),
		i18n.W("listens on 127.0.0.1:2222", "127.0.0.1:2222에서 대기"),
		i18n.W("join and follow the presenter", "접속해 발표자를 따라가기"),
		i18n.W("join in Korean, light theme", "한국어, 밝은 테마로 접속"),
		i18n.W("print a record, as 'incidents show' does", "'incidents show'처럼 사례 하나를 출력"),
		i18n.W("tools: search_incidents, get_incident, list_incidents, get_timeline, vocab, get_topic",
			"도구: search_incidents, get_incident, list_incidents, get_timeline, vocab, get_topic"),
		i18n.W("a client's configuration", "클라이언트 설정"),
	},
	params: []i18n.Word{
		i18n.W("split each connection supervisor into N partitions", "연결 슈퍼바이저를 인스턴스마다 N개 파티션으로 나눔"),
		i18n.W("instances at the start, before any that operators add", "운영자가 늘리기 전, 처음 인스턴스 수"),
		i18n.W("syncer spawns per second allowed across the cluster once the limits arrive",
			"제한이 걸린 뒤 클러스터 전체에서 허용하는 초당 syncer 생성 수"),
		i18n.W("when the spawn rate limits arrive, HH:MM in the incident's zone, or never",
			"생성 속도 제한이 걸리는 시각 (장애 시간대의 HH:MM, 또는 never)"),
		i18n.W("extra spawn time, in ms per 100k messages queued in the supervisor's mailbox",
			"슈퍼바이저 메일박스에 쌓인 메시지 10만 개당 늘어나는 생성 시간(ms)"),
		i18n.W("the 13:05 restart of the whole cluster: on or off", "13:05 클러스터 전체 재시작 (on 또는 off)"),
		i18n.W("the 15 instances added at 14:15: on or off", "14:15에 추가한 인스턴스 15대 (on 또는 off)"),
		i18n.W("minutes the object-panel file stalled at the CDN (0 to 60)", "객체 패널 파일이 CDN에서 멈춰 있던 시간(분, 0~60)"),
		i18n.W("share of each gateway task's throughput lost to the telemetry lock (0 to 0.9)",
			"텔레메트리 락 때문에 게이트웨이 태스크마다 잃는 처리량의 비율 (0~0.9)"),
		i18n.W("gateway tasks at the start, before the autoscaler's and the operators' (10 to 600)",
			"오토스케일러와 운영자가 늘리기 전, 처음 게이트웨이 태스크 수 (10~600)"),
		i18n.W("when all traffic is blocked at the CDN, HH:MM UTC, or never",
			"CDN에서 모든 트래픽을 막는 시각 (UTC HH:MM, 또는 never)"),
		i18n.W("minutes to let the blocked traffic back, evenly (0 to 60)", "막았던 트래픽을 고르게 다시 들이는 데 걸리는 시간(분, 0~60)"),
		i18n.W("tasks refuse what they cannot serve instead of queueing until OOM: on or off",
			"태스크가 OOM까지 큐에 쌓는 대신 처리하지 못하는 요청을 거절함 (on 또는 off)"),
	},
})

// localHelp returns s, one of the help's English texts from elsewhere, in
// l: from table when it has s, else as written.
func localHelp(s string, table []i18n.Word, l data.Lang) string {
	for _, w := range table {
		if w.EN == s {
			return w.In(l)
		}
	}
	return s
}

// localExample returns an example line with its note ("  # note") in l.
func localExample(ex string, l data.Lang) string {
	cmd, note, ok := strings.Cut(ex, "  # ")
	if !ok {
		return ex
	}
	return cmd + "  # " + localHelp(note, helpWords.notes, l)
}
