package benchkit

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat times (100 on Linux).
const clockTicks = 100

// ProcCPUTime is the CPU time process pid has used (user and system), 0 where /proc has
// none.
func ProcCPUTime(pid int) time.Duration {
	f := procStat(pid)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// ProcWriteBytes is what process pid has caused to be written to storage so far
// (/proc/PID/io write_bytes: its files' pages as they are dirtied, not its sockets'), -1
// where /proc has none.
func ProcWriteBytes(pid int) int64 {
	if pid <= 0 {
		return -1
	}
	blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return -1
	}
	for line := range strings.Lines(string(blob)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "write_bytes:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return -1
			}
			return n
		}
	}
	return -1
}

// ParentPID is the parent of process pid, 0 where /proc has none.
func ParentPID(pid int) int {
	f := procStat(pid)
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// procStat is /proc/PID/stat's fields after the command name (which may hold spaces),
// from field 3 (state) on.
func procStat(pid int) []string {
	if pid <= 0 {
		return nil
	}
	blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	return strings.Fields(string(blob[strings.LastIndexByte(string(blob), ')')+1:]))
}

// TreeCPUTime is the CPU time process pid and its children have used (the running
// children's, not that of children that have exited).
func TreeCPUTime(pid int) time.Duration {
	total := ProcCPUTime(pid)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err == nil && ParentPID(child) == pid {
			total += ProcCPUTime(child)
		}
	}
	return total
}

// SelfCPUTime is the CPU time this process has used (the clients).
func SelfCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// LoadAverage is the machine's 1-minute load average, "?" where /proc has none.
func LoadAverage() string {
	if f := loadAverages(); len(f) > 0 {
		return f[0]
	}
	return "?"
}

// LoadAverages is the machine's 1-, 5- and 15-minute load averages, "?" where /proc has
// none.
func LoadAverages() string {
	if f := loadAverages(); len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "?"
}

func loadAverages() []string {
	blob, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return nil
	}
	return strings.Fields(string(blob))
}

// Ms is d in milliseconds.
func Ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Percentile is the p-th percentile of sorted latencies, 0 for none.
func Percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, len(sorted)*p/100)]
}

// Median is the median of xs (the mean of the middle two for an even count), 0 for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if n := len(s); n%2 == 1 {
		return s[n/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// InTurn is the order a benchmark's alternatives take in round r: as given in even
// rounds, reversed in odd ones (ABBA), so that a drift of the machine's load weighs on
// each.
func InTurn[T any](xs []T, r int) []T {
	if r%2 == 0 {
		return xs
	}
	order := slices.Clone(xs)
	slices.Reverse(order)
	return order
}

// PeakRSSMiB is the process's peak resident memory (VmHWM), -1 where /proc has none.
func PeakRSSMiB() int64 {
	blob, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(blob), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return -1
			}
			return kb >> 10
		}
	}
	return -1
}

// ResetPeakRSS resets the process's peak resident memory (VmHWM) to its current one, so
// that PeakRSSMiB afterwards is the peak of what ran since.
func ResetPeakRSS() error { return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }
