package components

// State is what the person is doing on one surface, by node id. The
// program owns it and changes it only in Update; widgets read it.
type State struct {
	nodes map[string]*NodeState
	// Modal is the id of the open Modal node, or "".
	Modal string
}

// NodeState is the view state of one node. Each widget uses the fields it
// needs.
type NodeState struct {
	Cursor  int    // text cursor (in runes), option cursor, date segment
	Tab     int    // selected tab of a Tabs
	Scroll  int    // first visible column or row of a scrolling list or field
	Filter  string // the filter typed into a filterable MultipleChoice
	Notice  string // a short message to show by the control (e.g. a cap reached)
	Pending string // text being typed that is not a value yet (number, date)
}

// NewState returns an empty state.
func NewState() *State { return &State{nodes: map[string]*NodeState{}} }

// Node returns the state of a node, creating it.
func (s *State) Node(id string) *NodeState {
	if s.nodes == nil {
		s.nodes = map[string]*NodeState{}
	}
	n, ok := s.nodes[id]
	if !ok {
		n = &NodeState{}
		s.nodes[id] = n
	}
	return n
}

// Peek returns the state of a node without creating it; the zero state
// when it has none.
func (s *State) Peek(id string) NodeState {
	if s == nil || s.nodes[id] == nil {
		return NodeState{}
	}
	return *s.nodes[id]
}
