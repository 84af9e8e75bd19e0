package link

// dictionaries[v] is the preset DEFLATE dictionary of link format v
// (flate.NewWriterDict). A format's dictionary never changes: links made
// with it must keep decoding. Format 0 has none.
var dictionaries = [][]byte{
	0: nil,
	1: []byte(dict1),
}
