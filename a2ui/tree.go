package a2ui

// Node is one element of a resolved surface: a component placed in the tree
// with every binding replaced by the value it has now. Views draw nodes and
// nothing else; they never look at components or the data model.
//
// A Node and everything below it is immutable once returned.
type Node struct {
	// ID is stable across updates: the component id, followed inside
	// templates by ":" and the key of each enclosing template item, e.g.
	// "book-btn:item2". It is the sourceComponentId of actions fired here.
	ID string `json:"id"`
	// Component is the id of the component this node was made from.
	Component string `json:"component"`
	// Type is the component type ("Text", "Row", …) or "Placeholder" (see
	// PlaceholderProps).
	Type string `json:"type"`
	// Weight is the component's flex weight inside a Row or Column, 0 when
	// it has none.
	Weight float64 `json:"weight,omitempty"`
	// Props holds the resolved properties; its dynamic type is the one
	// named by Type, e.g. *TextProps for "Text".
	Props any `json:"props"`
	// Children are in order. Card and Button have one; Modal has the entry
	// point then the content; Tabs has one per tab, in tab order.
	Children []*Node `json:"children,omitempty"`
	// Accessibility is what a v0.9 component tells assistive technologies
	// (the web page puts it in aria attributes); nil when it tells none.
	Accessibility *Accessibility `json:"accessibility,omitempty"`

	entry *compEntry // the definition this node was made from
	sc    *scope     // data context the node was drawn in, shared by the nodes of one template item
	// reads are the absolute data paths the node's own properties read;
	// tpl is the collection a template container expands (see tplPath;
	// nil for every other node, so that it costs them one word).
	// Together they tell which nodes a data change can affect (see
	// resolver.reuse).
	reads [][]string
	tpl   *[]string
	// items: the children are exactly the expansion of the template at
	// tpl, one per item of the collection, in its order.
	items bool
	local bool // the node shows the person's own value (no path)
	// itemLocal: a template container each of whose children reads only
	// under its own item; colonKeys: a key of its items holds a colon.
	itemLocal, colonKeys bool
	// span is the longest path every path the subtree reads (or expands)
	// lies under, and deps what the subtree depends on (depPaths,
	// depLocal: a change related to neither leaves it as it is) and what
	// it holds that searches look for (depModal, depSecret, depInvalid).
	deps  uint8
	count int32 // nodes in this subtree, itself included (MaxNodes bounds it)
	span  []string
}

const (
	depPaths uint8 = 1 << iota // the subtree reads the data model
	depLocal                   // the subtree shows a person's own value
	// What the subtree holds, so that a search for it skips the subtrees
	// that hold none: a Modal, an obscured text field with a value, a
	// text field whose value is not valid.
	depModal
	depSecret
	depInvalid
	depHolds = depModal | depSecret | depInvalid
)

// tplPath is the collection a template container expands, nil for a
// node that is none.
func (n *Node) tplPath() []string {
	if n.tpl == nil {
		return nil
	}
	return *n.tpl
}

// Accessibility is a node's label and description for assistive
// technologies.
type Accessibility struct {
	Label       string `json:"label,omitempty"`
	Description string `json:"description,omitempty"`
	// Live (v1.0) is "polite" or "assertive" for a region whose changes
	// are announced, "" otherwise; Hidden keeps the node from assistive
	// technologies (plain mode leaves it out).
	Live   string `json:"live,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

// PlaceholderType is the Type of a node drawn in place of what cannot be
// drawn as it is (see PlaceholderProps).
const PlaceholderType = "Placeholder"

// TextProps are a resolved Text.
type TextProps struct {
	Text      string `json:"text"`
	UsageHint string `json:"usageHint,omitempty"`
}

// ImageProps are a resolved Image. URL is a data: URL or empty. Remote is
// the URL of a picture from a host the person named (Options.FetchImages):
// a2term fetches it and gives every view the same bytes; no view loads it
// itself. When the agent named any other remote picture (lenient mode, or
// v0.9), or one from a host an earlier a2term of the canvas fetched from
// (Options.FetchedImages), Blocked holds its host and the picture is never
// fetched; Fetchable says FetchHost takes its URL (https, or http on this
// machine), so that --fetch-images with that host would show it.
type ImageProps struct {
	URL       string `json:"url,omitempty"`
	Remote    string `json:"remote,omitempty"`
	AltText   string `json:"altText,omitempty"`
	Fit       string `json:"fit,omitempty"`
	UsageHint string `json:"usageHint,omitempty"`
	Blocked   string `json:"blocked,omitempty"`
	Fetchable bool   `json:"fetchable,omitempty"`
}

// IconProps are a resolved Icon. Name may be outside the standard names
// when it is bound to the data model. SVGPath, when set, is SVG path data
// of a 24×24 box to draw instead of a named glyph (v0.9); it holds only
// path commands and numbers.
type IconProps struct {
	Name    string `json:"name"`
	SVGPath string `json:"svgPath,omitempty"`
}

// VideoProps are a resolved Video.
type VideoProps struct {
	URL     string `json:"url,omitempty"`
	Blocked string `json:"blocked,omitempty"`
	// Poster is a v1.0 video's posterUrl, as its URL is given (a data:
	// URL, or why it is not shown in PosterBlocked).
	Poster        string `json:"poster,omitempty"`
	PosterBlocked string `json:"posterBlocked,omitempty"`
}

// AudioPlayerProps are a resolved AudioPlayer.
type AudioPlayerProps struct {
	URL         string `json:"url,omitempty"`
	Description string `json:"description,omitempty"`
	Blocked     string `json:"blocked,omitempty"`
}

// RowProps are a resolved Row.
type RowProps struct {
	Distribution string `json:"distribution,omitempty"`
	Alignment    string `json:"alignment,omitempty"`
}

// ColumnProps are a resolved Column.
type ColumnProps struct {
	Distribution string `json:"distribution,omitempty"`
	Alignment    string `json:"alignment,omitempty"`
}

// ListProps are a resolved List.
type ListProps struct {
	Direction string `json:"direction,omitempty"`
	Alignment string `json:"alignment,omitempty"`
}

// CardProps are a resolved Card; its child is Children[0].
type CardProps struct{}

// TabsProps are a resolved Tabs: one title per child.
type TabsProps struct {
	Titles []string `json:"titles"`
}

// DividerProps are a resolved Divider.
type DividerProps struct {
	Axis string `json:"axis,omitempty"`
}

// ModalProps are a resolved Modal: Children[0] is the entry point,
// Children[1] the content.
type ModalProps struct{}

// ButtonProps are a resolved Button; its label is Children[0]. The action's
// context is resolved only when the button is pressed.
//
// Primary marks the main call to action; Borderless (v0.9's variant) a
// button drawn as its label alone, like a link. A Button whose checks fail
// (v0.9) is Disabled and
// Checks holds the messages of the failing ones; a press on it is refused
// with CodeChecksFailed. A v0.9 button may run a function where the person
// is instead of sending an event: Call names it and Action is empty; for
// openUrl, URL is the address, which the views show for the person to copy
// or open: a2term never opens it.
type ButtonProps struct {
	Action     string   `json:"action"`
	Primary    bool     `json:"primary,omitempty"`
	Borderless bool     `json:"borderless,omitempty"`
	Disabled   bool     `json:"disabled,omitempty"`
	Checks     []string `json:"checks,omitempty"`
	// Waiting says, while a call the button sent to one of the agent's
	// functions (v1.0) waits for its answer, what the views show under
	// it, and until when; the button is Disabled meanwhile. It is not a
	// failing check: nothing is wrong, the answer has not come yet.
	Waiting string `json:"waiting,omitempty"`
	Call    string `json:"call,omitempty"`
	URL     string `json:"url,omitempty"`
}

// CheckBoxProps are a resolved CheckBox.
//
// Checks, on every input type, holds the messages of the input's failing
// v0.9 checks, in order; both views show them beside the input.
type CheckBoxProps struct {
	Label  string   `json:"label"`
	Value  bool     `json:"value"`
	Checks []string `json:"checks,omitempty"`
}

// TextFieldProps are a resolved TextField. Invalid is set when the value is
// not empty and does not match ValidationRegexp (or is not a number for the
// number type), and Problem then says so in words for the person, so that
// both views show the same verdict in the same words (the pattern itself is
// for a help line). A Button whose action context reads an invalid field's
// path cannot be pressed (CodeChecksFailed).
type TextFieldProps struct {
	Label            string   `json:"label"`
	Text             string   `json:"text"`
	TextFieldType    string   `json:"textFieldType"`
	ValidationRegexp string   `json:"validationRegexp,omitempty"`
	Placeholder      string   `json:"placeholder,omitempty"` // v1.0: shown while Text is empty
	Invalid          bool     `json:"invalid,omitempty"`
	Problem          string   `json:"problem,omitempty"`
	Checks           []string `json:"checks,omitempty"`
}

// DateTimeInputProps are a resolved DateTimeInput. At least one of
// EnableDate and EnableTime is true. v0.8 gives the input no label: Label
// says what it takes ("Date", "Time" or "Date & time"), as the official
// renderers label it.
//
// A v0.9 input may name its own label, and the earliest and latest values
// it takes (ISO 8601, as Value), Min and Max.
type DateTimeInputProps struct {
	Label      string   `json:"label"`
	Value      string   `json:"value"`
	EnableDate bool     `json:"enableDate"`
	EnableTime bool     `json:"enableTime"`
	Min        string   `json:"min,omitempty"`
	Max        string   `json:"max,omitempty"`
	Checks     []string `json:"checks,omitempty"`
}

// MultipleChoiceProps are a resolved MultipleChoice (v0.9's ChoicePicker).
// MaxAllowedSelections is 0 when unlimited. Exclusive marks a choice of
// exactly one option, where picking another replaces it (radio buttons);
// it implies MaxAllowedSelections 1. Label is v0.9's, "" when there is none.
type MultipleChoiceProps struct {
	Label                string         `json:"label,omitempty"`
	Selections           []string       `json:"selections"`
	Options              []ChoiceOption `json:"options"`
	MaxAllowedSelections int            `json:"maxAllowedSelections,omitempty"`
	Exclusive            bool           `json:"exclusive,omitempty"`
	Variant              string         `json:"variant"`
	Filterable           bool           `json:"filterable,omitempty"`
	Checks               []string       `json:"checks,omitempty"`
}

// ChoiceOption is one resolved option.
type ChoiceOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// SliderProps are a resolved Slider. Step is the amount one key press moves
// the value: v0.8 has no step, so a2term picks one from the range.
type SliderProps struct {
	Label  string   `json:"label,omitempty"`
	Value  float64  `json:"value"`
	Min    float64  `json:"min"`
	Max    float64  `json:"max"`
	Step   float64  `json:"step"`
	Checks []string `json:"checks,omitempty"`
}

// PlaceholderProps stand in for what a2term cannot draw as it is: the root
// of a surface still waiting for its components (Waiting), a child that is
// not defined yet (Missing, lenient mode), or a component of a type outside
// the standard catalog (Type, lenient mode), whose children are drawn
// inside the placeholder.
type PlaceholderProps struct {
	Missing string `json:"missing,omitempty"`
	Type    string `json:"type,omitempty"`
	Waiting bool   `json:"waiting,omitempty"`
	Reason  string `json:"reason"`
}

// Walk calls fn for n and every node below it, depth first in order, until
// fn returns false.
func (n *Node) Walk(fn func(*Node) bool) bool {
	if n == nil {
		return true
	}
	if !fn(n) {
		return false
	}
	for _, c := range n.Children {
		if !c.Walk(fn) {
			return false
		}
	}
	return true
}

// walkHolding is Walk over the nodes whose subtrees hold what dep names
// (depModal, depSecret, depInvalid): the others are skipped, with what is
// below them.
func (n *Node) walkHolding(dep uint8, fn func(*Node) bool) bool {
	if n == nil || n.deps&dep == 0 {
		return true
	}
	if !fn(n) {
		return false
	}
	for _, c := range n.Children {
		if !c.walkHolding(dep, fn) {
			return false
		}
	}
	return true
}

// WalkModals calls fn for every Modal at or below n, depth first in order,
// until fn returns false, visiting only the subtrees that hold one. The
// canvas works out what a subtree holds when it resolves it, so n is a
// resolved tree (Surface.Tree); in a tree built by hand it finds nothing.
func (n *Node) WalkModals(fn func(*Node) bool) bool {
	return n.walkHolding(depModal, func(x *Node) bool { return x.Type != "Modal" || fn(x) })
}

// WalkSecrets calls fn for every obscured text field that holds a value
// at or below n, depth first in order, until fn returns false, visiting
// only the subtrees that hold one, as WalkModals does.
func (n *Node) WalkSecrets(fn func(*Node) bool) bool {
	return n.walkHolding(depSecret, func(x *Node) bool {
		p, ok := x.Props.(*TextFieldProps)
		return !ok || !p.secret() || fn(x)
	})
}

// secret reports whether the field is obscured and holds a value.
func (p *TextFieldProps) secret() bool { return p.TextFieldType == "obscured" && p.Text != "" }

// Find returns the node with the given id below n, or nil.
func (n *Node) Find(id string) *Node {
	var found *Node
	n.Walk(func(x *Node) bool {
		if x.ID == id {
			found = x
			return false
		}
		return true
	})
	return found
}

// IsInput reports whether the node takes a value from the person.
func (n *Node) IsInput() bool {
	switch n.Type {
	case "CheckBox", "TextField", "DateTimeInput", "MultipleChoice", "Slider":
		return true
	case GenericType:
		return genericHas(n, false)
	}
	return false
}

// IsFocusable reports whether the person can move focus to the node:
// inputs, buttons and tab strips.
func (n *Node) IsFocusable() bool {
	return n.IsInput() || n.Type == "Button" || n.Type == "Tabs" || n.Type == GenericType && genericHas(n, true)
}
