package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/hub"
)

// AgentNoticeFor is how long a notice the agent asked for (the notify
// function, the answer to an agent function) stays on the status line,
// unless a key or another notice takes its place first: long enough to
// read a line, short enough that the key hints come back on their own.
const AgentNoticeFor = 8 * time.Second

// noticeDoneMsg says that the agent's notice numbered seq has been shown
// for AgentNoticeFor.
type noticeDoneMsg struct{ seq uint64 }

// takeAsks does what the agent asked of the views since the status was
// was (hub.Status.Focus, Reveal and Notice), each once, in the order it
// asked them: show the surface and move the focus to the control, or
// scroll the component into view; a notice goes on the status line.
func (m *Model) takeAsks(was hub.Status) {
	st := m.snap.Status
	focus := st.Focus.Seq > was.Focus.Seq
	reveal := st.Reveal.Seq > was.Reveal.Seq
	if focus && reveal && st.Reveal.Seq < st.Focus.Seq {
		m.revealAsked(st.Reveal)
		reveal = false
	}
	if focus && m.showAsked(st.Focus.SurfaceID) {
		m.Focus(st.Focus.NodeID)
	}
	if reveal {
		m.revealAsked(st.Reveal)
	}
	if st.Notice.Seq > was.Notice.Seq {
		m.setNotice(st.Notice.Text, true)
		m.noticeAsk = st.Notice.Seq
		m.noticeTimer = st.Notice.Seq
	}
}

// showAsked makes surface id the active one for an ask of the agent's,
// and reports whether it is shown.
func (m *Model) showAsked(id string) bool {
	s := m.snap.Canvas.Surface(id)
	if s == nil || !s.Shown() {
		return false
	}
	if m.active != id || m.narrowScript {
		m.showSurface(id)
	}
	return true
}

// revealAsked scrolls the component a asks for into view. Its place is
// known only from a drawing that marks it (components.Context.Reveal):
// the surface is drawn once so, and its cache cleared before and after,
// so that no block with the mark is kept.
func (m *Model) revealAsked(a hub.Ask) {
	if !m.showAsked(a.SurfaceID) || m.lay.dialogOn {
		return
	}
	cache := m.caches[m.active]
	if cache != nil {
		cache.Clear()
	}
	m.revealing = a.NodeID
	m.relayout()
	m.revealing = ""
	if cache := m.caches[m.active]; cache != nil {
		cache.Clear()
	}
	l := &m.lay
	sc := m.scroll[m.active]
	found := false
	for _, h := range l.frame.Hits {
		if h.Node != a.NodeID {
			continue
		}
		found = true
		if h.Y+min(h.H, l.surfH) > sc+l.surfH {
			sc = h.Y + min(h.H, l.surfH) - l.surfH
		}
		if h.Y < sc {
			sc = h.Y
		}
		break
	}
	if !found || sc == m.scroll[m.active] {
		m.relayout()
		return
	}
	m.scrollBy(sc - m.scroll[m.active])
}

// noticeTimerCmd starts the timer of the agent's newest notice, once.
func (m *Model) noticeTimerCmd() tea.Cmd {
	seq := m.noticeTimer
	if seq == 0 {
		return nil
	}
	m.noticeTimer = 0
	return tea.Tick(AgentNoticeFor, func(time.Time) tea.Msg { return noticeDoneMsg{seq: seq} })
}

// noticeDone takes the agent's notice numbered seq off the status line,
// if it is still there.
func (m *Model) noticeDone(seq uint64) {
	if m.noticeAsk != seq || m.notice == "" {
		return
	}
	m.noticeAsk = 0
	m.setNotice(m.snap.Status.Lost, false)
}
