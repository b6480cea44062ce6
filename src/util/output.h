// Standard output as the place results go. A write error there (a full
// disk, a reader that went away: `pmdfwd | head -1`) is remembered, ends the
// run as a signal would, and makes the exit status non-zero, instead of a
// run that "succeeds" with its statistics lost.
#pragma once

#include <string_view>

namespace pmdfwd {

// Writes text to stdout; false (and the reason kept for output_error())
// when the device refused it.
bool write_output(std::string_view text);
// fflush(stdout); false, and the first error remembered, when stdout could
// not be written (now or by an earlier printf that filled the buffer).
bool flush_output();
// From now on a write to stdout that cannot go through at once fails
// (EAGAIN) instead of waiting for a reader that may never read again: the
// shutdown a signal asked for ends. Async-signal-safe; stdout's own open file
// description (which a terminal shares with the user's shell) is left as it
// is: fd 1 becomes a second, non-blocking one.
void stop_waiting_for_stdout();
// The errno of the first failed write to stdout, 0 if none failed.
int output_error();

} // namespace pmdfwd
