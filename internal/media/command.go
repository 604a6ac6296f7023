package media

import (
	"context"
	"os/exec"
)

// command is exec.CommandContext for ffmpeg and ffprobe, with the child tied to
// this process where the system allows it (dieWithParent): a server killed
// with SIGKILL leaves no ffmpeg running on as an orphan.
func command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = dieWithParent()
	return cmd
}

// Command is command for the packages that run ffmpeg themselves (the
// transcoded live ladder of internal/live/livehls): the child dies with this process.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	return command(ctx, name, args...)
}
