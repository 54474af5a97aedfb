package mailbox

import (
	"time"
)

// modelZone is the incident's zone.
var modelZone = time.FixedZone("", -7*3600)

func modelClock(h, m int) time.Time { return time.Date(2026, 3, 25, h, m, 0, 0, modelZone) }

// testModel is a model built in code, for tests that construct one directly.
// Its values follow the bundled IL-0499 file.
func testModel() Model {
	return Model{
		Start: modelClock(12, 0), End: modelClock(15, 45),
		Sample: 10 * time.Second, InstanceSample: 30 * time.Second,
		Instances: 15, Partitions: 1, Cores: 2,
		SpawnBase: 600 * time.Microsecond, ScanPer100k: time.Millisecond,
		Timeout: 5 * time.Second, TTL: 60 * time.Second, Refresh: 20 * time.Second, RingJoin: 3 * time.Second,
		Calls: 2e6, CallLength: 60 * time.Minute, RPCPerCallHour: 9,
		StormAt: modelClock(12, 13), StormShare: 0.3, StormLength: 30 * time.Second,
		OffPeakPerHour: 0.15,
		Handoff:        5 * time.Second, Retry: 30 * time.Second, RetryShare: 0.98,
		RetryBackoff: 2, RetryMax: 240 * time.Second,
		RPCRetry: 5 * time.Second, RPCRetryShare: 0.5,
		RateLimitAt: modelClock(13, 43), RateLimit: 25000, PooledShare: 0.5, ScriptLimitAt: modelClock(13, 43),
		RestartTime: 20 * time.Second, RestartStep: 8 * time.Second, RestartFrom: []string{"2-4", "2-12"},
		PolicyFrom: modelClock(12, 43), PolicyAfter: 3 * time.Minute, PolicyEvery: 3 * time.Minute, Scripted: true,
		Weights: map[string]float64{"2-12": 1.25}, StormWeights: map[string]float64{"2-8": 0.7},
		Names: Names{First: "2-", Added: "3-"},
		Actions: []Action{
			{At: modelClock(12, 43), Do: RestartInstance, Instance: "2-13"},
			{At: modelClock(12, 47), Do: RestartSupervisor, Instance: "2-1"},
			{At: modelClock(13, 5), Do: RestartCluster, Key: "restart_1305"},
			{At: modelClock(13, 43), Do: RestartCluster, WithLimits: true},
			{At: modelClock(14, 3), Do: RestartInstance, Instance: "2-3", WithLimits: true},
			{At: modelClock(14, 6), Do: RestartInstance, Instance: "2-2", WithLimits: true},
			{At: modelClock(14, 9), Do: RestartInstance, Instance: "2-4", WithLimits: true},
			{At: modelClock(14, 11), Do: RestartInstance, Instance: "2-10", WithLimits: true},
			{At: modelClock(14, 13), Do: RestartInstance, Instance: "2-12", WithLimits: true},
			{At: modelClock(14, 15), Do: AddInstances, Count: 15, Key: "doubling"},
			{At: modelClock(14, 19), Do: RestartInstance, Instance: "2-11", WithLimits: true},
			{At: modelClock(14, 26), Do: RestartInstance, Instance: "2-12", WithLimits: true},
		},
	}
}
