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
	// MaxStringBytes is the longest agent string a2term keeps, and the
	// longest text one evaluation may make: a function's result, a value
	// written out as text.
	MaxStringBytes = 64 << 10

	// MaxEvalDepth bounds how deeply v0.9 function calls nest while they
	// are evaluated, templates formatted from the data model included.
	MaxEvalDepth = 32
	// MaxEvalWork bounds the work of every evaluation one batch, or one
	// intent of the person, makes: a unit per byte of text written, four
	// per step of a regex (an instruction of its program tried on a byte of
	// its input), a few per call: four times what writing out the whole
	// canvas takes, some tens of milliseconds at most.
	MaxEvalWork = 4 * MaxCanvasBytes
	// MaxRegexpProgram bounds a regex pattern: the instructions of its
	// compiled program, a repeat counted as often as it repeats. A larger
	// one is refused (with Options.Lenient, its checks fail).
	MaxRegexpProgram = 2000
	// MaxRegexpSteps bounds the input one regex check reads, as steps of
	// its program: a value of more than MaxRegexpSteps divided by the
	// pattern's instructions bytes (32 KiB for a pattern of 32, 512 bytes
	// for one of 2000) does not pass the check.
	MaxRegexpSteps = 1 << 20
)

// Limits is the set of limits in force, in the shape canvas.info reports.
type Limits struct {
	Surfaces    int `json:"surfaces"`
	Components  int `json:"componentsPerSurface"`
	CanvasBytes int `json:"canvasBytes"`
	Nodes       int `json:"nodesPerTree"`
	Depth       int `json:"treeDepth"`
	StringBytes int `json:"stringBytes"`
	EvalDepth   int `json:"evaluationDepth"`
	EvalWork    int `json:"evaluationWork"`
	// RegexpProgram and RegexpSteps bound a regex check.
	RegexpProgram int `json:"regexProgram"`
	RegexpSteps   int `json:"regexSteps"`
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
		EvalDepth:   MaxEvalDepth,
		EvalWork:    MaxEvalWork,

		RegexpProgram: MaxRegexpProgram,
		RegexpSteps:   MaxRegexpSteps,
	}
}
