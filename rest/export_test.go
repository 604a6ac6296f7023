package rest

// Snake exposes the REST spelling of GraphQL names to the black-box tests.
var Snake = snake
