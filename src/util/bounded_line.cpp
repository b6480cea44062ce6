#include "util/bounded_line.h"

namespace pmdfwd {

LineRead read_bounded_line(std::istream &in, size_t max, std::string *line) {
    line->clear();
    bool any = false;
    for (int c; (c = in.get()) != std::istream::traits_type::eof();) {
        any = true;
        if (c == '\n') return LineRead::Line;
        if (line->size() == max) return LineRead::TooLong;
        line->push_back(static_cast<char>(c));
    }
    return any ? LineRead::Line : LineRead::End;
}

} // namespace pmdfwd
