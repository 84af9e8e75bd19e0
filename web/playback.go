package web

import "sort"

// Playback: the frame on the board, the virtual clock and its speed.

func (m *Model) clampFrame() {
	n := m.FrameCount()
	if m.Frame >= n {
		m.Frame = n - 1
	}
	if m.Frame < 0 {
		m.Frame = 0
	}
	m.syncTime()
	m.Refresh()
}

// syncTime puts the clock on the current frame's time.
func (m *Model) syncTime() {
	if f := m.Current(); f != nil {
		m.Time = f.At
	} else {
		m.Time = 0
	}
}

// FrameCount is the number of frames of the current result.
func (m *Model) FrameCount() int {
	if m.Run == nil {
		return 0
	}
	return len(m.Run.Frames)
}

// Current is the frame on the board, or nil before anything ran.
func (m *Model) Current() *FrameInfo {
	if m.Run == nil || m.Frame < 0 || m.Frame >= len(m.Run.Frames) {
		return nil
	}
	return &m.Run.Frames[m.Frame]
}

// AtEnd reports whether the board shows the last frame.
func (m *Model) AtEnd() bool { return m.Frame >= m.FrameCount()-1 }

// Step shows the next frame; it reports whether there was one.
func (m *Model) Step() bool {
	if m.AtEnd() {
		m.Playing = false
		return false
	}
	m.Frame++
	m.syncTime()
	m.Refresh()
	return true
}

// Back shows the previous frame.
func (m *Model) Back() bool {
	m.Playing = false
	if m.Frame <= 0 {
		return false
	}
	m.Frame--
	m.syncTime()
	m.Refresh()
	return true
}

// Reset stops playing and shows the first frame.
func (m *Model) Reset() {
	m.Playing = false
	m.Frame = 0
	m.syncTime()
	m.Refresh()
}

// Seek shows frame i (clamped) and stops playing.
func (m *Model) Seek(i int) {
	m.Playing = false
	m.Frame = i
	m.clampFrame()
}

// NextEvent shows the next frame (the next thing that happened); it is
// Step under the name the timeline uses.
func (m *Model) NextEvent() bool { return m.Step() }

// PrevEvent shows the previous frame, or the current frame's own moment
// when the clock was scrubbed past it.
func (m *Model) PrevEvent() bool {
	if f := m.Current(); f != nil && m.Time > f.At {
		m.Playing = false
		m.Time = f.At
		return true
	}
	return m.Back()
}

// TogglePlay starts playing (from the first frame when at the end) or
// pauses. It reports whether it is now playing.
func (m *Model) TogglePlay() bool {
	if m.Playing {
		m.Playing = false
		return false
	}
	if m.FrameCount() < 2 {
		return false
	}
	if m.AtEnd() && m.Time >= m.End() {
		m.Frame = 0
		m.syncTime()
		m.Refresh()
	}
	m.Playing = true
	return true
}

// End is the last moment of the timeline: the scenario's until, or the
// last frame's time when that is later.
func (m *Model) End() float64 {
	if m.Run == nil || len(m.Run.Frames) == 0 {
		return 0
	}
	end := m.Run.Until
	if last := m.Run.Frames[len(m.Run.Frames)-1].At; last > end {
		end = last
	}
	return end
}

// SeekTime moves the clock to t (clamped to 0..End) and shows the last
// frame at or before it. Frames are never recomputed: the simulation is
// deterministic, so going back and forth only re-shows them.
func (m *Model) SeekTime(t float64) {
	m.Playing = false
	m.setTime(t)
}

func (m *Model) setTime(t float64) {
	if m.Run == nil || len(m.Run.Frames) == 0 {
		return
	}
	if t != t || t < 0 { // NaN or negative
		t = 0
	}
	if end := m.End(); t > end {
		t = end
	}
	fs := m.Run.Frames
	i := sort.Search(len(fs), func(i int) bool { return fs[i].At > t }) - 1
	if i < 0 {
		i = 0
	}
	changed := i != m.Frame
	m.Frame = i
	m.Time = t
	if changed {
		m.Refresh()
	}
}

// Advance moves the playing clock by dt real seconds at Speed. A frame
// whose time is reached is shown, one per call (frames of the same instant
// — evicted, recreated, scheduled — each get their turn), and the clock
// stops on its time. It reports whether the frame changed; playing stops
// at the end.
func (m *Model) Advance(dt float64) bool {
	if !m.Playing || m.Run == nil {
		return false
	}
	fs := m.Run.Frames
	next := m.Frame + 1
	if next < len(fs) && fs[next].At <= m.Time {
		m.Frame = next
		m.Refresh()
		return true
	}
	speed := m.Speed
	if speed <= 0 {
		speed = DefaultSpeed
	}
	t := m.Time + speed*dt
	if next < len(fs) && fs[next].At <= t {
		m.Frame, m.Time = next, fs[next].At
		m.Refresh()
		return true
	}
	if end := m.End(); t >= end {
		t = end
		if m.AtEnd() {
			m.Playing = false
		}
	}
	m.Time = t
	return false
}

// FrameDue reports whether Advance(dt) would show another frame.
func (m *Model) FrameDue(dt float64) bool {
	if !m.Playing || m.Run == nil {
		return false
	}
	next := m.Frame + 1
	if next >= len(m.Run.Frames) {
		return false
	}
	speed := m.Speed
	if speed <= 0 {
		speed = DefaultSpeed
	}
	return m.Run.Frames[next].At <= m.Time+speed*dt
}

// SetSpeed picks a playback speed (virtual seconds per real second).
func (m *Model) SetSpeed(s float64) {
	if s > 0 && s <= 1000 {
		m.Speed = s
	}
}
