package scenario

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fileLineNode = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"

// An error's FileLine is the line of the whole file: the line the YAML
// decoder names counts from the document's first line of text, which
// comes after the '---' markers, blank lines and comments before it.
func TestErrorFileLine(t *testing.T) {
	tests := []struct {
		name, text string
		doc, line  int
		fileLine   int
		inText     string
	}{
		{
			// Line 3 of document 1 ("metadata: {name: b}" repeats the key)
			// is line 3 of the file.
			name: "first document, no markers",
			text: "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec:\n  containers: [{name: c, image: x}]\n",
			doc:  1, line: 1, fileLine: 4, inText: "line 4:",
		},
		{
			// Two comment lines and a '---' come first: the document's
			// text starts at line 4, its line 4 is the file's line 7.
			name: "leading comment and marker",
			text: "# a comment\n# another\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec:\n  containers: [{name: c, image: x}]\n",
			doc:  1, line: 4, fileLine: 7, inText: "line 7:",
		},
		{
			// Document 1 is lines 1-3, '---' is line 4, a blank line 5 and
			// a comment line 6: document 2 starts at line 7, and its
			// duplicate key (its line 4) is the file's line 10.
			name: "second document after a blank line and a comment",
			text: fileLineNode + "---\n\n# the pod\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec:\n  containers: [{name: c, image: x}]\n",
			doc:  2, line: 7, fileLine: 10, inText: "line 10:",
		},
		{
			// A YAML syntax error: "yaml: line 2" of document 3, which
			// starts at line 9 (after two nodes and two markers).
			name: "syntax error in the third document",
			text: fileLineNode + "---\n" + strings.Replace(fileLineNode, "n1", "n2", 1) + "---\napiVersion: v1\nkind: Pod: x\n",
			doc:  3, line: 9, fileLine: 10, inText: "line 10:",
		},
		{
			// No line in the message: the document's first line.
			name: "message without a line",
			text: fileLineNode + "---\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c, image: x}], tolerations: [{operator: Equal}]}\n",
			doc:  2, line: 6, fileLine: 6,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.text), "f.yaml")
			require.Error(t, err)
			var se *Error
			require.True(t, errors.As(err, &se), "%T %v", err, err)
			assert.Equal(t, tt.doc, se.Document, se.Error())
			assert.Equal(t, tt.line, se.Line, se.Error())
			assert.Equal(t, tt.fileLine, se.FileLine, se.Error())
			lines := strings.Split(tt.text, "\n")
			require.Less(t, se.FileLine-1, len(lines))
			if tt.inText != "" {
				assert.Contains(t, se.FileError(), tt.inText)
				assert.True(t, strings.HasPrefix(se.FileError(), "f.yaml: document "), se.FileError())
			} else {
				assert.Equal(t, se.Error(), se.FileError())
			}
		})
	}
}

// An error about the whole file has no line.
func TestErrorFileLineWholeFile(t *testing.T) {
	_, err := Parse([]byte("# only a comment\n"), "f.yaml")
	var se *Error
	require.True(t, errors.As(err, &se))
	assert.Zero(t, se.FileLine)
	assert.Equal(t, se.Error(), se.FileError())
}
