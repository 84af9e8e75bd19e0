package scenario

import (
	"encoding/json"
	"fmt"

	"sigs.k8s.io/yaml"
)

// Reading one document: its JSON and tree (the fast path of stream.go or
// the text decoded on its own), its kind, and a List's items.

// documents decodes the file's documents in order: the fast path first
// (stream.go), each document the old way when it does not apply.
func (p *parser) documents(docs []document) error {
	pre := decodeStream(docs)
	for i, d := range docs {
		var sd streamDoc
		if pre != nil {
			// Dropped once read: a large List's value is garbage then.
			sd, pre[i] = pre[i], streamDoc{}
		}
		if err := p.document(d, sd); err != nil {
			return err
		}
	}
	return nil
}

// decode turns one YAML document into JSON (as kubectl sends it to the
// API server) and that JSON into a generic tree, once: from the stream
// decoder's value when it has one that toJSONValue takes (then without
// the JSON for a List whose kind and items the tree gives, isList),
// otherwise from the text, strictly. Only a document that strict decoding
// refuses is read again, leniently, to tell invalid YAML from a key given
// twice; its strict error is then strictErr.
func (p *parser) decode(d document, sd streamDoc) (j []byte, raw any, strictErr, err error) {
	if sd.ok {
		if tree, ok := toJSONValue(sd.v); ok {
			if isList(tree) {
				// Its items are read from the tree (list): no JSON.
				return nil, tree, nil, nil
			}
			if data, err := json.Marshal(tree); err == nil {
				return data, tree, nil, nil
			}
		}
	}
	j, strictErr = yaml.YAMLToJSONStrict(d.text)
	if strictErr == nil {
		if err := json.Unmarshal(j, &raw); err != nil {
			return nil, nil, nil, p.errf(d, "invalid YAML: %s", cleanYAMLError(err))
		}
	} else if err := yaml.Unmarshal(d.text, &raw); err != nil {
		return nil, nil, nil, p.errf(d, "invalid YAML: %s", cleanYAMLError(err))
	}
	return j, raw, strictErr, nil
}

// list decodes the items of a List, NodeList or PodList document given as
// JSON j and its tree m.
func (p *parser) list(d document, tm typeMeta, j []byte, m map[string]any) error {
	items, ok := listItems(m)
	if !ok {
		// An unnamed struct: its type shows in the decoding error.
		var list struct {
			Items []map[string]any `json:"items"`
		}
		if err := json.Unmarshal(j, &list); err != nil {
			return p.errf(d, "%s: %s", tm.Kind, cleanYAMLError(err))
		}
		items = list.Items
	}
	for i, item := range items {
		b, err := json.Marshal(item)
		if err != nil {
			return p.errf(d, "items[%d]: %v", i, err)
		}
		itm, ok := typeMetaOf(item)
		if !ok {
			itm = typeMeta{}
			_ = json.Unmarshal(b, &itm)
		}
		if itm.Kind == "" {
			switch tm.Kind {
			case "NodeList":
				itm.Kind = "Node"
			case "PodList":
				itm.Kind = "Pod"
			}
		}
		if err := p.object(d, fmt.Sprintf("items[%d]: ", i), itm, b, item); err != nil {
			return err
		}
	}
	return nil
}

// typeMeta is the document's apiVersion and kind. Decoding the JSON into
// typeMeta fails where decoding the YAML would turn a number or boolean
// into the string (kind: 1); the YAML is then decoded.
func (p *parser) typeMeta(d document, j []byte, m map[string]any, strictErr error) (typeMeta, error) {
	if strictErr == nil {
		if tm, ok := typeMetaOf(m); ok {
			return tm, nil
		}
		var tm typeMeta
		if json.Unmarshal(j, &tm) == nil {
			return tm, nil
		}
	}
	var tm typeMeta
	if err := yaml.Unmarshal(d.text, &tm); err != nil {
		return typeMeta{}, p.errf(d, "invalid YAML: %s", cleanYAMLError(err))
	}
	return tm, nil
}
