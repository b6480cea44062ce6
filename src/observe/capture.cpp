#include "observe/capture.h"

#include <rte_errno.h>

#if PMDFWD_HAVE_PDUMP
#include <rte_pdump.h>
#endif

namespace pmdfwd {

Status PacketCapture::enable() {
#if PMDFWD_HAVE_PDUMP
    if (rte_pdump_init() != 0)
        return Error(std::string("packet capture (dpdk-dumpcap, dpdk-pdump) unavailable: ") +
                         rte_strerror(rte_errno),
                     rte_errno);
    enabled_ = true;
    return {};
#else
    return Error("packet capture (dpdk-dumpcap, dpdk-pdump) unavailable: this pmdfwd was built "
                 "without librte_pdump");
#endif
}

void PacketCapture::disable() {
#if PMDFWD_HAVE_PDUMP
    if (enabled_) rte_pdump_uninit();
#endif
    enabled_ = false;
}

} // namespace pmdfwd
