// Package link turns a scenario file into a share link and back.
//
// A link is the text that follows "#s=" in the playground's address:
//
//	1.<payload>
//
// "1." is the link's version; <payload> is base64url without padding of
// the format byte (1 again), a form byte, and raw DEFLATE (compress/flate,
// level 9) compressed with the format's preset dictionary
// (flate.NewWriterDict). The dictionary is part of the format: it never
// changes within a format version, so a link made today decodes to the
// same text forever.
//
// Encode writes the shortest of three equivalent texts: the file exactly
// as given (form 'y', comments kept); when the file parses, its canonical
// form (form 'y': the scenario re-written by scenario.Marshal with the
// fields Parse implies — apiVersion, namespace: default — left out, so
// managedFields, ignored status fields and comments cost nothing); and the
// compact form (form 'c': the canonical text with repeated documents
// written as copy and repeat directives, see compact.go, kept only when it
// expands back byte for byte). Decode returns YAML text that
// scenario.Parse reads into the scenario the link was made from.
//
// Versions and migrations: every decoded payload goes through migrate,
// which reads the payload of its format version into the current scenario
// text. Format 0 is the playground's first link form, "#s=" + base64url
// of raw DEFLATE of the YAML with no version and no dictionary; a link
// without "N." is read as format 0 so links shared before versioning keep
// working. A future format adds a decoder and, when the scenario file
// changes, a text migration from the previous format; stored links of every
// released format (testdata/links) are decoded by the tests and compared
// with the scenario they must give.
//
// Links are hostile input. Decode never panics, refuses links longer than
// MaxLinkChars before decoding, and stops inflating at MaxDecodedBytes
// (io.LimitReader), so a decompression bomb costs at most 1 MiB. Errors
// start with "share link: " and say what is wrong and where.
package link
