// printf-style text of any length: the one formatter for the texts the host
// and the engines print (testpmd's formats are printf formats). The result is
// sized by a first pass, so a long name or many fields are never cut short as
// with a fixed char buffer; the format attribute lets -Werror check the
// arguments against the format. Header-only: engines see lib/ but link no
// part of the host.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

namespace pmdfwd {

inline void append_vformat(std::string *out, const char *format, va_list args)
    __attribute__((format(printf, 2, 0)));
inline void append_vformat(std::string *out, const char *format, va_list args) {
    // Most texts are a line: one pass into a stack buffer; a longer one is
    // measured by that pass and written again at its size.
    char line[256];
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(line, sizeof(line), format, args);
    if (n >= 0 && static_cast<size_t>(n) < sizeof(line)) {
        out->append(line, static_cast<size_t>(n));
    } else if (n >= 0) {
        const size_t at = out->size(), len = static_cast<size_t>(n);
        out->resize(at + len + 1);
        std::vsnprintf(out->data() + at, len + 1, format, again);
        out->resize(at + len);
    } // n < 0: a wide-character argument the locale cannot write; nothing to add
    va_end(again);
}

inline void append_format(std::string *out, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
inline void append_format(std::string *out, const char *format, ...) {
    va_list args;
    va_start(args, format);
    append_vformat(out, format, args);
    va_end(args);
}

inline std::string text_format(const char *format, ...) __attribute__((format(printf, 1, 2)));
inline std::string text_format(const char *format, ...) {
    std::string out;
    va_list args;
    va_start(args, format);
    append_vformat(&out, format, args);
    va_end(args);
    return out;
}

} // namespace pmdfwd
