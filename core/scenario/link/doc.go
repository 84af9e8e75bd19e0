// Package link turns a scenario file into a share link and back.
//
// A link is the text that follows "#s=" in the playground's address:
//
//	1.<payload>
//
// "1." is the link syntax version; <payload> is base64url without padding
// of one format byte followed by raw DEFLATE (compress/flate, level 9)
// compressed with that format's preset dictionary (flate.NewWriterDict).
// The dictionary is part of the format: it never changes within a format
// version, so a link made today decodes to the same text forever.
//
// Encode writes the shorter of two equivalent texts: the file exactly as
// given (comments kept), or, when the file parses, a canonical compact
// form — the scenario re-written by scenario.Marshal with implied fields
// (apiVersion, namespace: default) left out — so noise such as
// managedFields, status fields the playground ignores and comments never
// costs link length. Decode returns YAML text that scenario.Parse reads
// into the scenario the link was made from.
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
