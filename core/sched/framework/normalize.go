package framework

// DefaultNormalizeScore scales scores in place to [0, maxPriority] relative
// to their maximum (helper.DefaultNormalizeScore): s = maxPriority*s/max
// with integer division, then maxPriority-s when reverse. If the maximum is
// 0, every score becomes maxPriority when reverse and stays unchanged
// otherwise. Scores are expected to be non-negative.
func DefaultNormalizeScore(maxPriority int64, reverse bool, scores []int64) *Status {
	var maxCount int64
	for _, s := range scores {
		if s > maxCount {
			maxCount = s
		}
	}
	if maxCount == 0 {
		if reverse {
			for i := range scores {
				scores[i] = maxPriority
			}
		}
		return nil
	}
	for i := range scores {
		s := maxPriority * scores[i] / maxCount
		if reverse {
			s = maxPriority - s
		}
		scores[i] = s
	}
	return nil
}
