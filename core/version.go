package core

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a Kubernetes minor release (1.Minor) whose behaviour the
// simulation reproduces: the scheduler's message wording, controller
// defaults and feature-gate defaults differ between releases.
type Version struct {
	Minor int
}

// Supported Kubernetes releases: 1.26 through 1.37.
const (
	OldestMinor = 26
	NewestMinor = 37
)

// DefaultVersion is the release simulated when a scenario names none.
var DefaultVersion = Version{Minor: NewestMinor}

// ParseVersion reads "1.33", "v1.33" or "1.33.2" (the patch is ignored).
// The empty string gives DefaultVersion. Errors name the supported range.
func ParseVersion(s string) (Version, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "v")
	if t == "" {
		return DefaultVersion, nil
	}
	parts := strings.Split(t, ".")
	if len(parts) < 2 || len(parts) > 3 || parts[0] != "1" {
		return Version{}, fmt.Errorf("kubernetesVersion %q: want 1.MINOR, e.g. \"1.37\"", s)
	}
	for _, p := range parts[1:] {
		if _, err := strconv.Atoi(p); err != nil || p == "" {
			return Version{}, fmt.Errorf("kubernetesVersion %q: want 1.MINOR, e.g. \"1.37\"", s)
		}
	}
	minor, _ := strconv.Atoi(parts[1])
	if minor < OldestMinor || minor > NewestMinor {
		return Version{}, fmt.Errorf("kubernetesVersion %q: supported versions are 1.%d to 1.%d", s, OldestMinor, NewestMinor)
	}
	return Version{Minor: minor}, nil
}

// OrDefault returns v, or DefaultVersion when v is the zero Version.
func (v Version) OrDefault() Version {
	if v.Minor == 0 {
		return DefaultVersion
	}
	return v
}

// AtLeast reports whether v (or the default, when zero) is 1.minor or newer.
func (v Version) AtLeast(minor int) bool { return v.OrDefault().Minor >= minor }

// String renders "1.37".
func (v Version) String() string { return fmt.Sprintf("1.%d", v.OrDefault().Minor) }
