// Leaving EAL without leaving its hugepage files or runtime directory behind.
#pragma once

namespace pmdfwd {

// rte_eal_cleanup(), then removes the hugepage files of memory still
// allocated at that point (EAL unmaps it but keeps the files, which hold
// their pages until the next run with the same --file-prefix), and, in the
// primary process, EAL's runtime directory of the --file-prefix.
void eal_exit();

} // namespace pmdfwd
