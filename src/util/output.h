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
// The errno of the first failed write to stdout, 0 if none failed.
int output_error();

} // namespace pmdfwd
