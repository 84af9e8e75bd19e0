package core

// CompareNumericValues exposes the unexported Gt/Lt helper to the external
// conformance test (compare_numeric.json).
var CompareNumericValues = compareNumericValues
