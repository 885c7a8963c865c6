package csvgd

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Memory is the machine's physical memory in bytes (MemTotal of
// /proc/meminfo), or 0 where it cannot be read (not Linux).
func Memory() uint64 {
	memoryOnce.Do(func() { memory = readMemTotal("/proc/meminfo") })
	return memory
}

var (
	memoryOnce sync.Once
	memory     uint64
)

// readMemTotal is the MemTotal line of a meminfo file in bytes, 0 when
// the file or the line cannot be read.
func readMemTotal(path string) uint64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// CheckMemory is an error naming what when its estimated need of bytes
// exceeds the machine's physical memory ([Memory]), so that a size far
// beyond the machine is refused before it is allocated (where Go would
// end the program with an out-of-memory trace); nil when it fits or the
// memory is unknown. The estimates are those of the callers' dominant
// arrays: a check against absurd sizes, not a promise that a size that
// passes fits beside everything else.
func CheckMemory(what string, bytes float64) error {
	return checkMemory(what, bytes, Memory())
}

func checkMemory(what string, bytes float64, have uint64) error {
	if have == 0 || bytes <= float64(have) {
		return nil
	}
	return fmt.Errorf("%s would need about %s of memory, more than this machine's %s", what, humanBytes(bytes), humanBytes(float64(have)))
}

// humanBytes writes a size in GiB (MiB below one GiB).
func humanBytes(b float64) string {
	const mib, gib = 1 << 20, 1 << 30
	if b < gib {
		return fmt.Sprintf("%.0f MiB", b/mib)
	}
	return fmt.Sprintf("%.3g GiB", b/gib)
}
