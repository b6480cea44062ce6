#include "shell/command_families.h"

#include <algorithm>

namespace pmdfwd::shell {

namespace {

// A function-local static: registrars in other files run during static
// initialisation, in an order the language leaves open.
std::vector<Family> &families() {
    static std::vector<Family> f;
    return f;
}

std::string describe(const Family &f) {
    return "command family with order key " + std::to_string(f.order);
}

} // namespace

FamilyRegistrar::FamilyRegistrar(const Family &family) {
    families().push_back(family);
}

const std::vector<Family> &registered_families() {
    return families();
}

Result<std::vector<Family>> ordered_families(std::vector<Family> f,
                                             const std::vector<std::string_view> &sections) {
    std::sort(f.begin(), f.end(),
              [](const Family &a, const Family &b) { return a.order < b.order; });
    std::string allowed;
    for (std::string_view s : sections)
        allowed += (allowed.empty() ? "" : ", ") + std::string(s);
    for (size_t i = 0; i < f.size(); i++) {
        if (!f[i].rows) return Error(describe(f[i]) + " has no rows function");
        const std::string_view sec = f[i].section ? f[i].section : "";
        if (std::find(sections.begin(), sections.end(), sec) == sections.end())
            return Error(describe(f[i]) + ": unknown help section '" + std::string(sec) +
                         "' (allowed: " + allowed + ")");
        if (i > 0 && f[i - 1].order == f[i].order)
            return Error("two command families share order key " + std::to_string(f[i].order) +
                         " (help's order would depend on link order; give each its own key)");
    }
    return f;
}

} // namespace pmdfwd::shell
