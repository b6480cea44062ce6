// One row of the option table (a long name, maybe a short one, the value's
// name and help, and what it does to the Config), and the helpers several
// option groups build their rows with. Each group is its own file
// (options/groups/), as the shell's command families are.
#pragma once

#include "options/config.h"
#include "options/scalar_parse.h"
#include "util/status.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pmdfwd::opt {

using Apply = std::function<Status(Config &, std::string_view)>;

struct Option {
    const char *name; // long name, without "--"
    char short_name;  // 0 if none
    const char *arg;  // nullptr for a flag, else the value's name in help
    const char *help;
    Apply apply; // the value (empty for flags); an error on bad input
    // A flag (arg nullptr) that also takes a value: an on|off engine
    // parameter's alias (--<alias> means on; --<alias>=off).
    bool flag_value = false;
};

struct OptionGroup {
    const char *title;
    std::vector<Option> options;
};

template <typename T>
Apply number(const char *what, T Config::*field, uint64_t min, uint64_t max) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, min, max);
        if (!n) return n.status();
        c.*field = static_cast<T>(*n);
        return {};
    };
}

inline Apply set_flag(bool Config::*field, bool value = true) {
    return [=](Config &c, std::string_view) -> Status {
        c.*field = value;
        return {};
    };
}

inline Apply flag(bool Config::*field) {
    return set_flag(field, true);
}

// One word of a fixed list, each naming a value.
template <typename T>
Apply choice(const char *what, T Config::*field, std::vector<std::pair<const char *, T>> words) {
    return [=](Config &c, std::string_view v) -> Status {
        std::string allowed;
        for (const auto &[word, value] : words) {
            if (v == word) {
                c.*field = value;
                return {};
            }
            allowed += (allowed.empty() ? "" : ", ") + std::string(word);
        }
        return Error(std::string(what) + ": '" + std::string(v) +
                     "' is not allowed (allowed: " + allowed + ")");
    };
}

} // namespace pmdfwd::opt
