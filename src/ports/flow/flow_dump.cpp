// The rule list's dump (flow_rules.h): testpmd's port_flow_dump (config.c)
// and its texts, the same from 22.11 to 25.11 but for the rule id.
#include "ports/flow/flow_complain.h"
#include "ports/flow/flow_rules.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pmdfwd::flow {

namespace {

// 22.11 reads the id as 32 bits and prints it as an int (4294967295 is
// "-1"); 23.07 reads and prints 64 bits.
std::string dump_not_found(uint64_t id) {
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    return text_format("Failed to dump to flow %" PRIu64 "\n", id);
#else
    return text_format("Failed to dump to flow %d\n",
                       static_cast<int32_t>(static_cast<uint32_t>(id)));
#endif
}

// Where the PMD writes: the named file, or a buffer that becomes the
// command's output where testpmd writes to its stdout.
class DumpFile {
  public:
    explicit DumpFile(const std::string &name)
        : f_(name.empty() ? open_memstream(&buf_, &len_) : std::fopen(name.c_str(), "w")),
          to_out_(name.empty()) {}
    DumpFile(const DumpFile &) = delete;
    DumpFile &operator=(const DumpFile &) = delete;
    ~DumpFile() {
        close();
        std::free(buf_);
    }
    FILE *get() const { return f_; }
    // Closes the file; what went to the buffer joins *out.
    void close(std::string *out = nullptr) {
        if (f_) std::fclose(f_);
        f_ = nullptr;
        if (out && to_out_ && buf_) out->append(buf_, len_);
    }

  private:
    char *buf_ = nullptr;
    size_t len_ = 0;
    FILE *f_;
    bool to_out_;
};

} // namespace

// The rule is looked up before the file is created, and the file is
// created (emptied) before the PMD is asked, as testpmd does.
bool FlowRules::dump(uint16_t port, std::optional<uint64_t> id, bool by_user_id,
                     const std::string &file, std::string *out) {
    rte_flow *flow = nullptr;
    if (id) {
        const Rule *rule = find(port, *id, by_user_id);
        if (!rule || !rule->flow) {
            *out += dump_not_found(*id);
            return false;
        }
        flow = rule->flow;
    }
    DumpFile f(file);
    if (!f.get()) {
        if (file.empty()) // no memory for the buffer: testpmd's stdout cannot fail so
            append_format(out, "Failed to dump flow: %s\n", std::strerror(errno));
        else
            append_format(out, "Failed to create file %s: %s\n", file.c_str(),
                          std::strerror(errno));
        return false;
    }
    // testpmd hands the PMD an error it leaves as it was; a PMD that fails
    // without filling it reads "(no stated reason)" here.
    rte_flow_error error{};
    const int rc = ctl_.dev_dump(port, flow, f.get(), &error);
    f.close(out);
    if (rc) {
        *out += flow_complaint(error, rc);
        append_format(out, "Failed to dump flow: %s\n", std::strerror(-rc));
        return false;
    }
    *out += "Flow dump finished\n";
    return true;
}

} // namespace pmdfwd::flow
