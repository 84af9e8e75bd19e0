package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCountList(t *testing.T) {
	assert.Equal(t, "none", countList(nil))
	assert.Equal(t, "cachedModule ×1, moduleCacheHit ×2",
		countList(map[string]int{"v8.wasm.moduleCacheHit": 2, "v8.wasm.cachedModule": 1}))
}
