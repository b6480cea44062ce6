#include "shell/item_list.h"

#include <string>

namespace pmdfwd::shell {

namespace {

// cmdline's STR_TOKEN_SIZE.
constexpr size_t kTokenSize = 128;

Status check_unique(const std::vector<uint32_t> &items, const char *item_name) {
    for (size_t i = 0; i < items.size(); i++)
        for (size_t j = i + 1; j < items.size(); j++)
            if (items[i] == items[j])
                return Error(std::string("duplicated ") + item_name + " " +
                             std::to_string(items[i]) + " at index " + std::to_string(i) + " and " +
                             std::to_string(j));
    return {};
}

} // namespace

Result<std::vector<uint32_t>> parse_item_list(std::string_view text, const char *item_name,
                                              unsigned max_items, bool unique) {
    std::vector<uint32_t> items;
    uint32_t value = 0;
    bool value_ok = false;
    unsigned nb = 0;
    for (char ch : text.substr(0, kTokenSize)) {
        if (ch >= '0' && ch <= '9') {
            value = value * 10 + static_cast<uint32_t>(ch - '0');
            value_ok = true;
            continue;
        }
        if (ch != ',') return Error(std::string("character ") + ch + " is not a decimal digit");
        if (!value_ok) return Error("No valid value before comma");
        if (nb < max_items) items.push_back(value);
        value_ok = false;
        value = 0;
        nb++;
    }
    if (nb >= max_items)
        return Error(std::string("Number of ") + item_name + " = " + std::to_string(nb + 1) +
                     " > " + std::to_string(max_items) + " (maximum items)");
    items.push_back(value);
    if (unique) {
        const Status s = check_unique(items, item_name);
        if (!s.ok()) return s;
    }
    return items;
}

} // namespace pmdfwd::shell
