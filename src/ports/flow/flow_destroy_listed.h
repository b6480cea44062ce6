// testpmd's *_destroy walk over a list keyed by id (templates, tables,
// indirect actions): each listed entry the PMD lets go leaves the list,
// its line said ("Pattern template #1 destroyed"); one the PMD keeps stays,
// with its complaint. Ids not in the list are passed over silently.
#pragma once

#include "ports/flow/flow_complain.h"
#include "text/text_format.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::flow {

// destroy(entry, &error) answers 0 or -errno, the error poisoned with
// poison first; a let-go entry's line is "<name> #<id> <done>".
template <typename Map, typename Destroy>
bool destroy_listed(Map &list, const std::vector<uint32_t> &ids, const char *name, const char *done,
                    int poison, Destroy destroy, std::string *out) {
    bool ok = true;
    for (auto it = list.begin(); it != list.end();) {
        if (std::find(ids.begin(), ids.end(), it->first) == ids.end()) {
            ++it;
            continue;
        }
        rte_flow_error error = poisoned_error(poison);
        if (const int rc = destroy(it->second, &error); rc < 0) {
            *out += flow_complaint(error, rc);
            ok = false;
            ++it;
            continue;
        }
        append_format(out, "%s #%" PRIu32 " %s\n", name, it->first, done);
        it = list.erase(it);
    }
    return ok;
}

} // namespace pmdfwd::flow
