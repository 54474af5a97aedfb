package heatmap

import _ "github.com/incidents-dev/incidents/replay/mailbox" // IL-0499's model, for replay.Open
