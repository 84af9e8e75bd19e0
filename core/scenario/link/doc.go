// Package link turns a scenario file into a share link and back: the text
// that follows "#s=" in the playground's address, "1.<payload>" (the link's
// Version, then base64url of the compressed scenario text).
//
// Start with Encode and Decode (DecodeScenario also parses what it
// decodes). Links are hostile input: Decode never panics and bounds what
// it reads (MaxLinkChars, MaxDecodedBytes). The format and its forms are
// described on Version and Encode, how links of older formats keep
// decoding beside migrate in link.go, and, for people, in
// docs/scenario-format.md ("Versions, share links and migrations").
package link
