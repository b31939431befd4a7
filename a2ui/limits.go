package a2ui

// The limits below bound what one agent can make a2term hold or draw. They
// are reported to agents by canvas.info so that a well-behaved agent can
// stay inside them instead of discovering them through refusals.
const (
	// MaxSurfaces is how many surfaces a canvas holds at once.
	MaxSurfaces = 8
	// MaxComponents is how many components one surface may declare.
	MaxComponents = 500
	// MaxCanvasBytes bounds the whole canvas, components and data models,
	// measured as the JSON they would encode to.
	MaxCanvasBytes = 2 << 20
	// MaxNodes bounds one resolved tree, after templates are expanded.
	MaxNodes = 2000
	// MaxDepth bounds the depth of one resolved tree: no node lies more
	// than MaxDepth levels below the root, as the official validator
	// counts (its MAX_GLOBAL_DEPTH).
	MaxDepth = 50
	// MaxStringBytes is the longest agent string a2term keeps.
	MaxStringBytes = 64 << 10
)

// Limits is the set of limits in force, in the shape canvas.info reports.
type Limits struct {
	Surfaces    int `json:"surfaces"`
	Components  int `json:"componentsPerSurface"`
	CanvasBytes int `json:"canvasBytes"`
	Nodes       int `json:"nodesPerTree"`
	Depth       int `json:"treeDepth"`
	StringBytes int `json:"stringBytes"`
}

// DefaultLimits returns the limits a2term enforces.
func DefaultLimits() Limits {
	return Limits{
		Surfaces:    MaxSurfaces,
		Components:  MaxComponents,
		CanvasBytes: MaxCanvasBytes,
		Nodes:       MaxNodes,
		Depth:       MaxDepth,
		StringBytes: MaxStringBytes,
	}
}
