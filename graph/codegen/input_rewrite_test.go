package main

import (
	"strings"
	"testing"
)

// inputSample is gqlgen's code for two input objects, one with a default.
const inputSample = `func (ec *executionContext) unmarshalInputVideoOrder(ctx context.Context, obj any) (ent.VideoOrder, error) {
	var it ent.VideoOrder
	asMap := map[string]any{}
	for k, v := range obj.(map[string]any) {
		asMap[k] = v
	}

	if _, present := asMap["direction"]; !present {
		asMap["direction"] = "ASC"
	}

	fieldsInOrder := [...]string{"direction", "field"}
	for _, k := range fieldsInOrder {
		v, ok := asMap[k]
		if !ok {
			continue
		}
		switch k {
		}
	}
	return it, nil
}

func (ec *executionContext) unmarshalInputVideoWhereInput(ctx context.Context, obj any) (ent.VideoWhereInput, error) {
	var it ent.VideoWhereInput
	if obj == nil {
		return it, nil
	}

	asMap := map[string]any{}
	for k, v := range obj.(map[string]any) {
		asMap[k] = v
	}

	fieldsInOrder := [...]string{"not", "projectID"}
	for _, k := range fieldsInOrder {
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
