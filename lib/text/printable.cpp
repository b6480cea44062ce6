#include "text/printable.h"

#include "text/text_format.h"

namespace pmdfwd {

std::string printable(std::string_view text, bool keep_lines) {
    std::string s;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 0x20 && u != 0x7f) || (c == '\n' && keep_lines)) {
            s += c;
            continue;
        }
        append_format(&s, "\\x%02x", u);
    }
    return s;
}

} // namespace pmdfwd
