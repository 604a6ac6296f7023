package main

import (
	"bytes"
	"regexp"
)

// inputFieldsLoop is how gqlgen's input object unmarshallers visit the given
// fields: a map lookup for every field of the type. inputFieldsLoopGiven
// visits the given ones only, in the same order (gqlexec.InputFieldsInOrder).
const (
	inputFieldsLoop      = "\tfor _, k := range fieldsInOrder {\n\t\tv, ok := asMap[k]\n\t\tif !ok {\n\t\t\tcontinue\n\t\t}\n"
	inputFieldsLoopGiven = "\tvar given [gqlexec.InlineInputFields]string\n\tfor _, k := range gqlexec.InputFieldsInOrder(asMap, fieldsInOrder[:], given[:0]) {\n\t\tv := asMap[k]\n"
)

// inputFieldsGiven has input object unmarshallers visit only the fields the
// input gives, in the order gqlgen visits them.
func inputFieldsGiven(src []byte) ([]byte, error) {
	return replaceEach(src, "input object unmarshallers' field loops", "range fieldsInOrder {", inputFieldsLoop, inputFieldsLoopGiven)
}

// inputUnmarshaller matches the start of a generated input object
// unmarshaller.
var inputUnmarshaller = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) unmarshalInput\w+\(ctx context\.Context, obj any\) \([^)]*\) \{\n`)

// inputCopy is how an input object unmarshaller copies the input, so that it
// can add the fields' default values to the copy; inputAsGiven reads the input
// itself, for an unmarshaller that adds none.
const (
	inputCopy    = "\tasMap := map[string]any{}\n\tfor k, v := range obj.(map[string]any) {\n\t\tasMap[k] = v\n\t}\n"
	inputAsGiven = "\tasMap := obj.(map[string]any) // no defaults to add: read as given\n"
	defaultAdded = "asMap[\""
)

// inputsReadAsGiven has the input object unmarshallers of types without
// default values read the input as given rather than a copy of it. It fails
// when no unmarshaller has the expected shape.
func inputsReadAsGiven(src []byte) ([]byte, error) {
	return rewriteFunctions(src, inputUnmarshaller, "input unmarshaller", "copies its input in the expected shape", func(body []byte) ([]byte, bool) {
		if bytes.Count(body, []byte(inputCopy)) != 1 || bytes.Contains(body, []byte(defaultAdded)) {
			return body, false
		}
		return bytes.Replace(body, []byte(inputCopy), []byte(inputAsGiven), 1), true
	})
}
