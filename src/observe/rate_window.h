// Per-second rates of a list of counters, over windows the application
// closes on its own clock (telemetry::sample_rates, from the main thread's
// wait loops). Readers only read: every telemetry client sees the same
// figures, however many there are and however often they ask.
#pragma once

#include <cstdint>
#include <vector>

namespace pmdfwd {

class RateWindow {
  public:
    // Closes the current window when it is at least `window` cycles old (a
    // counter that went down was cleared: its new value is the delta). Another
    // key (new streams after a start) begins afresh, with no rate.
    void sample(const void *key, const std::vector<uint64_t> &counts, uint64_t tsc, uint64_t window,
                uint64_t hz) {
        if (key != key_ || counts.size() != counts_.size()) {
            key_ = key, tsc_ = tsc, counts_ = counts;
            rates_.assign(counts.size(), 0);
            return;
        }
        if (tsc - tsc_ < window) return;
        const double secs = static_cast<double>(tsc - tsc_) / static_cast<double>(hz);
        for (size_t i = 0; i < counts.size(); i++) {
            const uint64_t d = counts[i] >= counts_[i] ? counts[i] - counts_[i] : counts[i];
            rates_[i] = static_cast<uint64_t>(static_cast<double>(d) / secs);
        }
        tsc_ = tsc, counts_ = counts;
    }

    // The last closed window's rates for key, n of them (zeros before one).
    std::vector<uint64_t> rates(const void *key, size_t n) const {
        if (key != key_ || rates_.size() != n) return std::vector<uint64_t>(n, 0);
        return rates_;
    }

  private:
    const void *key_ = nullptr;
    uint64_t tsc_ = 0;
    std::vector<uint64_t> counts_, rates_;
};

} // namespace pmdfwd
