package synth

var orgStems = []string{
	"Acme", "Northwind", "Bluefin", "Copperleaf", "Driftwood", "Emberline", "Foxglove", "Granite",
	"Harbor", "Ironbark", "Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus", "Obsidian",
	"Pinecrest", "Quarry", "Riverstone", "Saffron", "Tidewater", "Umber", "Vantage", "Willow",
	"Zephyr", "Arclight", "Bramble", "Cobalt", "Dune", "Everest", "Fathom", "Glacier",
	"Halcyon", "Indigo", "Jetstream", "Kite", "Larch", "Monsoon", "Nova", "Orchid",
}

var orgSuffixes = []string{
	"", " Labs", " Cloud", "ly", "io", " Systems", " Pay", " Chat", " Works", " Data", " Networks", "Hub",
}

var orgKinds = []string{"Inc", "Corp", "Korea", "Games", "Bank"}

var regions = []string{
	"us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-northeast-2", "ap-southeast-1",
	"us-central1", "europe-west4", "asia-northeast3", "global", "Seoul", "Frankfurt", "Virginia",
}

var severities = []string{"sev1", "sev2", "sev2", "sev3", "sev3", "sev4", "unknown"}

var userCounts = []string{
	"unknown", "most users", "about 10% of users", "all customers in one region",
	"enterprise customers", "mobile users", "a few thousand developers",
}

// Tag vocabulary, by facet, as in data/library/vocab/base.json.
var (
	domains = []string{
		"kubernetes", "gcp", "aws", "azure", "database", "network", "dns", "cdn", "saas", "payments",
		"finance", "ci-cd", "linux", "endpoint", "security", "messaging", "storage", "observability", "identity",
	}
	components = []string{
		"pod-termination", "coordination-store", "database-proxy", "service-discovery", "load-balancer",
		"api-gateway", "autoscaling", "provisioning", "routing", "dns-resolver", "config-push",
		"deploy-pipeline", "proxy", "waf", "cache", "queue", "replication", "backup-restore",
		"deletion-tooling", "control-plane", "monitoring", "os-update", "cni", "kernel-driver",
		"certificate-authority", "auth", "quota", "rate-limiter", "telemetry", "feature-flag", "connection-pool",
	}
	rootCauses = []string{
		"config-change", "software-bug", "human-error", "hardware-failure", "capacity", "dependency-failure",
	}
	contributing = []string{
		"retry-storm", "thundering-herd", "limit-unknown", "automation-amplified", "global-rollout",
		"missing-validation", "circular-dependency", "monitoring-gap", "slow-recovery",
		"single-point-of-failure", "correlated-failure", "latent-bug",
	}
	symptoms = []string{
		"service-unavailable", "high-error-rate", "high-latency", "data-loss", "data-delay",
		"wrong-results", "partial-outage", "host-crash",
	}
)

// systems are subjects; the Korean side carries its subject particle.
var systems = []concept{
	{"etcd cluster", "etcd 클러스터가"},
	{"DNS resolver fleet", "DNS 리졸버가"},
	{"BGP route reflectors", "BGP 라우트 리플렉터가"},
	{"load balancer tier", "로드 밸런서가"},
	{"primary database", "주 데이터베이스가"},
	{"service discovery layer", "서비스 디스커버리가"},
	{"voice call routing service", "음성 통화 라우팅 서비스가"},
	{"session service", "세션 서비스가"},
	{"API gateway", "API 게이트웨이가"},
	{"Kafka brokers", "Kafka 브로커가"},
	{"Redis cache", "Redis 캐시가"},
	{"Kubernetes control plane", "쿠버네티스 제어 평면이"},
	{"certificate authority", "인증 기관이"},
	{"payment processor", "결제 처리 서비스가"},
	{"object storage", "오브젝트 스토리지가"},
	{"CDN edge nodes", "CDN 엣지 노드가"},
	{"identity provider", "인증 서비스가"},
	{"message queue", "메시지 큐가"},
	{"connection pooler", "커넥션 풀러가"},
	{"deploy pipeline", "배포 파이프라인이"},
	{"feature flag service", "기능 플래그 서비스가"},
	{"monitoring stack", "모니터링 시스템이"},
	{"rate limiter", "속도 제한기가"},
	{"chat message service", "채팅 메시지 서비스가"},
}

// failures are verb phrases; the Korean side is a connective form.
var failures = []concept{
	{"went into a crash loop", "크래시 루프에 빠져"},
	{"ran out of memory", "메모리가 바닥나"},
	{"stopped answering health checks", "헬스 체크에 응답하지 않아"},
	{"lost quorum", "쿼럼을 잃어"},
	{"fell behind on replication", "복제가 밀려"},
	{"served stale records", "오래된 레코드를 돌려줘"},
	{"dropped half of its connections", "연결의 절반을 끊어"},
	{"hit a file descriptor limit", "파일 디스크립터 한도에 걸려"},
	{"deadlocked under load", "부하 속에서 교착 상태에 빠져"},
	{"failed over to a cold replica", "준비되지 않은 복제본으로 장애 조치되어"},
	{"withdrew its routes", "경로를 철회해"},
	{"rejected valid certificates", "정상 인증서를 거부해"},
	{"filled its disks", "디스크를 가득 채워"},
	{"saturated its CPU", "CPU 를 다 써"},
}

var causes = []concept{
	{"a bad config push", "잘못된 설정 배포"},
	{"a routine deploy", "일상적인 배포"},
	{"a kernel upgrade", "커널 업그레이드"},
	{"an expired certificate", "만료된 인증서"},
	{"a database failover", "데이터베이스 장애 조치"},
	{"a retry storm", "재시도 폭주"},
	{"a traffic spike", "트래픽 급증"},
	{"a fibre cut", "광케이블 절단"},
	{"an empty key in the coordination store", "코디네이션 저장소의 빈 키"},
	{"a leap second", "윤초"},
	{"a schema migration", "스키마 마이그레이션"},
	{"a mistyped command", "잘못 입력한 명령"},
	{"an autoscaler bug", "오토스케일러 결함"},
	{"a dependency outage", "의존 서비스 장애"},
	{"a power loss in one zone", "한 가용 영역의 전원 손실"},
}

// effects are full clauses.
var effects = []concept{
	{"voice calls failed to connect", "음성 통화가 연결되지 않았다"},
	{"logins failed", "로그인이 실패했다"},
	{"payments were declined", "결제가 거절됐다"},
	{"pages loaded slowly", "페이지가 느리게 열렸다"},
	{"messages were delayed", "메시지 전송이 지연됐다"},
	{"builds were stuck", "빌드가 멈췄다"},
	{"the API returned errors", "API 가 오류를 돌려줬다"},
	{"dashboards went blank", "대시보드가 비었다"},
	{"uploads were lost", "업로드한 데이터가 사라졌다"},
	{"video streams froze", "영상 스트림이 멈췄다"},
	{"search returned wrong results", "검색이 잘못된 결과를 돌려줬다"},
	{"the whole site was down", "사이트 전체가 내려갔다"},
}

var fixes = []concept{
	{"rolled back the change", "변경을 되돌렸고"},
	{"restarted the affected nodes", "영향받은 노드를 재시작했고"},
	{"drained traffic to another region", "트래픽을 다른 리전으로 돌렸고"},
	{"raised the connection limits", "연결 한도를 올렸고"},
	{"added capacity", "용량을 늘렸고"},
	{"rate limited inbound traffic", "들어오는 트래픽에 속도 제한을 걸었고"},
	{"restored from backup", "백업에서 복구했고"},
	{"deleted the bad key by hand", "잘못된 키를 손으로 지웠고"},
	{"promoted a healthy replica", "정상 복제본을 주 서버로 올렸고"},
}

var spread = []concept{
	{"a retry storm from clients doubled the load", "클라이언트의 재시도 폭주로 부하가 두 배가 됐다"},
	{"a thundering herd followed every restart", "재시작할 때마다 요청이 한꺼번에 몰렸다"},
	{"automation kept replacing healthy hosts", "자동화가 멀쩡한 호스트를 계속 교체했다"},
	{"the status page depended on the failing system", "상태 페이지도 장애 난 시스템에 의존하고 있었다"},
	{"alerts stayed silent because of a monitoring gap", "감시 공백 때문에 알림이 울리지 않았다"},
	{"a circular dependency blocked the restart", "순환 의존 때문에 재시작이 막혔다"},
	{"the change had rolled out globally at once", "변경이 전 세계에 한꺼번에 배포됐다"},
}

var weekdaysEN = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

var signalsEN = []string{
	"dashboards", "logs", "traces", "packet captures", "heap profiles", "error budgets", "pager alerts",
}

var signalsKO = []string{
	"대시보드", "로그", "트레이스", "패킷 캡처", "힙 프로파일", "오류 예산 지표", "호출 알림",
}

var followUpsEN = []string{
	"adds validation to config pushes and stages rollouts zone by zone",
	"caps client retries with jitter and exponential backoff",
	"moves the coordination store onto dedicated hosts",
	"adds a runbook for database failover and practises it each quarter",
	"splits the single supervisor process into partitions",
	"alerts on connection pool saturation before it hits the limit",
	"documents the hidden limits that the team discovered",
}

var followUpsKO = []string{
	"설정 배포에 검증을 더하고 가용 영역별로 나눠 배포하기로 했다",
	"클라이언트 재시도에 지터와 지수 백오프를 넣기로 했다",
	"코디네이션 저장소를 전용 호스트로 옮기기로 했다",
	"데이터베이스 장애 조치 절차서를 만들고 분기마다 연습하기로 했다",
	"하나뿐인 감독 프로세스를 여러 파티션으로 나누기로 했다",
	"커넥션 풀이 한도에 닿기 전에 알림을 보내기로 했다",
	"새로 알게 된 숨은 한도를 문서로 남기기로 했다",
}
