package nbrun

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/csvgd/csvgd-go/csvgd"
)

// Mode is the mode a notebook was executed in: [Full] (the paper's
// settings) or [Quick] (CSVGD_QUICK=1: reduced sizes).
type Mode string

const (
	Full  Mode = "full"
	Quick Mode = "quick"
)

// ModeOf is the mode of a kernel started with the caller's environment
// followed by env ("KEY=value" entries, the last one of a key winning, as
// [Execute] passes them): quick when CSVGD_QUICK reads as true there.
func ModeOf(env []string) Mode {
	value := os.Getenv(QuickEnv)
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == QuickEnv {
			value = v
		}
	}
	if csvgd.ParseQuick(value) {
		return Quick
	}
	return Full
}

// Stamp is what the runner records in a code cell's metadata, under
// "csvgd", when it keeps an executed notebook ([Finish]): what produced the
// cell's outputs. A cell whose source no longer hashes to Source shows the
// outputs of another program than the one it holds.
type Stamp struct {
	// Source is the hex SHA-256 of the cell's source ([SourceHash]).
	Source string `json:"source_sha256"`
	// Outputs is the hex SHA-256 of the outputs the runner kept
	// ([OutputsHash]): outputs that no longer hash to it were replaced
	// since, e.g. by running the cell in Jupyter and saving.
	Outputs string `json:"outputs_sha256"`
	// Mode is the mode the cell ran in.
	Mode Mode `json:"mode"`
}

// SourceHash is the hex SHA-256 of a cell's source, its lines joined as
// nbformat joins them.
func SourceHash(source string) string {
	sum := sha256.Sum256([]byte(source))
	return hex.EncodeToString(sum[:])
}

// OutputsHash is the hex SHA-256 of a cell's outputs (their JSON) in a
// canonical form: keys sorted, no spaces, and every list of strings (a
// multiline text, which nbformat may store as one string or as lines)
// joined into one string, so that writing the notebook again, by the
// runner or by Jupyter, keeps the hash. No outputs (or none given) hash
// to "".
func OutputsHash(outputs json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(outputs)) == 0 || string(bytes.TrimSpace(outputs)) == "null" {
		return "", nil
	}
	dec := json.NewDecoder(bytes.NewReader(outputs))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if list, ok := v.([]any); ok && len(list) == 0 {
		return "", nil
	}
	canonical, err := json.Marshal(joinStringLists(v))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:]), nil
}

// joinStringLists is v with every list of strings joined into one string.
func joinStringLists(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = joinStringLists(e)
		}
		return out
	case []any:
		if len(t) > 0 && allStrings(t) {
			return joinText(t)
		}
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = joinStringLists(e)
		}
		return out
	}
	return v
}

// allStrings reports whether every element of list is a string.
func allStrings(list []any) bool {
	for _, e := range list {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// Finish prepares a notebook that nbconvert executed (its JSON) to be kept:
//
//   - every code cell gets its [Stamp] (the hashes of its source and of
//     its outputs as kept, and the mode) in its metadata under "csvgd";
//   - the execution timestamps nbconvert records per cell (metadata
//     "execution") are dropped, so that executing again changes a cell only
//     when its outputs change;
//   - consecutive stream outputs of one cell and one stream are joined
//     into one, as Jupyter shows them;
//   - metadata.language_info.pygments_lexer is "go" (GoNB leaves it empty),
//     so that renders highlight the code as Go.
//
// Everything else is kept. The result is written as nbformat writes a
// notebook (keys sorted, one space of indent, UTF-8 unescaped, a final
// newline), so that a notebook saved by Jupyter and one kept by the runner
// differ only where their content does.
func Finish(data []byte, mode Mode) ([]byte, error) {
	nb, err := decodeObject(data)
	if err != nil {
		return nil, fmt.Errorf("finishing the executed notebook: %w", err)
	}
	cells, _ := nb["cells"].([]any)
	for i, c := range cells {
		cell, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("finishing the executed notebook: cell %d is not an object", i)
		}
		if cell["cell_type"] != "code" {
			continue
		}
		meta := object(cell, "metadata")
		delete(meta, "execution")
		if outs, ok := cell["outputs"].([]any); ok {
			cell["outputs"] = joinStreams(outs)
		}
		outputs, err := json.Marshal(cell["outputs"])
		if err != nil {
			return nil, fmt.Errorf("finishing the executed notebook: cell %d: %w", i, err)
		}
		h, err := OutputsHash(outputs)
		if err != nil {
			return nil, fmt.Errorf("finishing the executed notebook: cell %d: %w", i, err)
		}
		meta["csvgd"] = map[string]any{"source_sha256": SourceHash(joinText(cell["source"])), "outputs_sha256": h, "mode": string(mode)}
	}
	object(object(nb, "metadata"), "language_info")["pygments_lexer"] = "go"
	return encodeNotebook(nb)
}

// decodeObject decodes a JSON object, keeping numbers as written.
func decodeObject(data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var nb map[string]any
	if err := dec.Decode(&nb); err != nil {
		return nil, err
	}
	if nb == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	return nb, nil
}

// encodeNotebook writes nb as nbformat does (json.dumps with sort_keys,
// indent=1, ensure_ascii=False, and a final newline).
func encodeNotebook(nb map[string]any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return nil, fmt.Errorf("writing the notebook: %w", err)
	}
	return buf.Bytes(), nil
}

// object is m[key] as an object, created when it is missing or not one.
func object(m map[string]any, key string) map[string]any {
	o, ok := m[key].(map[string]any)
	if !ok {
		o = map[string]any{}
		m[key] = o
	}
	return o
}

// joinText is a multiline text field (a string, or a list of strings) as
// one string.
func joinText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, p := range t {
			s, _ := p.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

// splitLines is text as nbformat stores it: a list of lines, each with its
// newline.
func splitLines(text string) []any {
	var out []any
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// joinStreams joins each run of consecutive stream outputs of one stream
// (stdout or stderr) into one output.
func joinStreams(outs []any) []any {
	var kept []any
	for _, o := range outs {
		out, _ := o.(map[string]any)
		if len(kept) > 0 && out != nil && out["output_type"] == "stream" {
			prev, _ := kept[len(kept)-1].(map[string]any)
			if prev != nil && prev["output_type"] == "stream" && prev["name"] == out["name"] {
				prev["text"] = splitLines(joinText(prev["text"]) + joinText(out["text"]))
				continue
			}
		}
		if out != nil && out["output_type"] == "stream" {
			out = cloneObject(out)
			out["text"] = splitLines(joinText(out["text"]))
			o = out
		}
		kept = append(kept, o)
	}
	return kept
}

// cloneObject is a shallow copy of m.
func cloneObject(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
