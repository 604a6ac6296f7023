package main

import (
	"strings"
	"testing"
)

// inputUnmarshallerSample is gqlgen's code for an input object of these
// fields, which adds the default values in defaults (none when empty).
func inputUnmarshallerSample(name, defaults, fields string) string {
	return "func (ec *executionContext) unmarshalInput" + name + "(ctx context.Context, obj any) (ent." + name + ", error) {\n" +
		"\tvar it ent." + name + "\n" + `	asMap := map[string]any{}
	for k, v := range obj.(map[string]any) {
		asMap[k] = v
	}
` + defaults + "\n\tfieldsInOrder := [...]string{" + fields + "}\n" + `	for _, k := range fieldsInOrder {
		v, ok := asMap[k]
		if !ok {
			continue
		}
		switch k {
		}
	}
	return it, nil
}
`
}

// inputSample is gqlgen's code for two input objects, one with a default.
var inputSample = inputUnmarshallerSample("VideoOrder",
	"\n\tif _, present := asMap[\"direction\"]; !present {\n\t\tasMap[\"direction\"] = \"ASC\"\n\t}\n", `"direction", "field"`) +
	"\n" + inputUnmarshallerSample("VideoWhereInput", "", `"not", "projectID"`)

func TestInputRewrites(t *testing.T) {
	out, err := inputFieldsGiven([]byte(inputSample))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(out), inputFieldsLoopGiven) != 2 || strings.Contains(string(out), "v, ok := asMap[k]") {
		t.Errorf("field loops not rewritten:\n%s", out)
	}
	out, err = inputsReadAsGiven(out)
	if err != nil {
		t.Fatal(err)
	}
	order, where, _ := strings.Cut(string(out), "func (ec *executionContext) unmarshalInputVideoWhereInput")
	if !strings.Contains(order, inputCopy) || strings.Contains(order, inputAsGiven) {
		t.Errorf("the input with a default is no longer copied:\n%s", order)
	}
	if strings.Contains(where, inputCopy) || !strings.Contains(where, inputAsGiven) {
		t.Errorf("the input without defaults is still copied:\n%s", where)
	}
	changed := strings.ReplaceAll(inputSample, "\t\tv, ok := asMap[k]\n", "\t\tv, found := asMap[k]\n")
	if _, err := inputFieldsGiven([]byte(changed)); err == nil {
		t.Error("a changed field loop was accepted")
	}
	if _, err := inputsReadAsGiven([]byte(strings.ReplaceAll(inputSample, "asMap := map[string]any{}", "asMap := make(map[string]any)"))); err == nil {
		t.Error("a changed copy was accepted")
	}
}
