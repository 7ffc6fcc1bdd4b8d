/**
 * A closed output pipe is quiet (M7): `hubbot status setup.json | head -1` closes the pipe after
 * one line, and the next write fails with EPIPE. Node reports that as an unhandled 'error' event
 * with a stack trace; the reader chose to stop reading, so the rest of the output is dropped
 * silently and the command finishes its work (a provisioning is not cut off midway).
 */
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}
