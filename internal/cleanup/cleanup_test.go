package cleanup

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"
)

// TestRegisterRunsEachTaskByName checks that every task gets its periodic job
// and that the one worker runs the task a job names, and refuses an unknown one.
func TestRegisterRunsEachTaskByName(t *testing.T) {
	ran := map[string]int{}
	task := func(name string) Task {
		return Task{Name: name, What: name, Delete: func(context.Context) (int, error) { ran[name]++; return 1, nil }}
	}
	workers := river.NewWorkers()
	periodic := Register(workers, nil, time.Minute, task("a"), task("b"))
	if len(periodic) != 2 {
		t.Fatalf("%d periodic jobs, want 2", len(periodic))
	}
	w := &worker{tasks: map[string]Task{"a": task("a"), "b": task("b")}}
	for _, name := range []string{"b", "b", "a"} {
		if err := w.Work(context.Background(), &river.Job[Args]{Args: Args{Task: name}}); err != nil {
			t.Fatal(err)
		}
	}
	if ran["a"] != 1 || ran["b"] != 2 {
		t.Errorf("ran %v, want a once and b twice", ran)
	}
	if err := w.Work(context.Background(), &river.Job[Args]{Args: Args{Task: "c"}}); err == nil {
		t.Error("an unknown task ran without an error")
	}
}
