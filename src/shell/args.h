// A command's arguments as its run function receives them: the table has
// matched the line to the row, checked every argument against its token
// (src/shell/syntax.h) and converted it, so a run function reads typed
// values and never re-parses a word.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace pmdfwd::shell {

using MacAddr = std::array<uint8_t, 6>;
using Ipv4Addr = std::array<uint8_t, 4>; // in network order: 10.0.0.1 is {10, 0, 0, 1}

// What a word became: nothing (a literal, a choice, a word, a mode), a
// number or a port id, a list of ports or ids, a MAC or an IPv4 address, or
// the words a "<name>..." took.
using ArgValue = std::variant<std::monostate, uint64_t, std::vector<uint16_t>, MacAddr, Ipv4Addr,
                              std::vector<std::string>>;

struct Arg {
    std::string word; // as typed
    ArgValue value;
};

// The words that filled placeholders and optional tokens, in order, with
// their values. Asking for a value its token does not give (a.port(i) of a
// Word) is a mistake in the row, which std::bad_variant_access reports.
class Args {
  public:
    void push_back(Arg a) { args_.push_back(std::move(a)); }
    size_t size() const { return args_.size(); }
    bool empty() const { return args_.empty(); }

    // Any argument as typed: a choice's word, a <mode>, a <file>.
    const std::string &word(size_t i) const { return args_.at(i).word; }
    // An on|off choice.
    bool on(size_t i) const { return word(i) == "on"; }
    // A <port> (an existing port id).
    uint16_t port(size_t i) const { return static_cast<uint16_t>(number(i)); }
    // all|<port> (every port, or one) or a port list.
    const std::vector<uint16_t> &ports(size_t i) const {
        return std::get<std::vector<uint16_t>>(args_.at(i).value);
    }
    // An id list (arg::id_list: lcores).
    const std::vector<uint16_t> &ids(size_t i) const { return ports(i); }
    // A Number, within its declared range.
    uint64_t number(size_t i) const { return std::get<uint64_t>(args_.at(i).value); }
    const MacAddr &mac(size_t i) const { return std::get<MacAddr>(args_.at(i).value); }
    const Ipv4Addr &ipv4(size_t i) const { return std::get<Ipv4Addr>(args_.at(i).value); }
    // The words a trailing "<name>..." took (none, when the line ended before it).
    const std::vector<std::string> &rest(size_t i) const {
        return std::get<std::vector<std::string>>(args_.at(i).value);
    }
    const ArgValue &value(size_t i) const { return args_.at(i).value; }

  private:
    std::vector<Arg> args_;
};

} // namespace pmdfwd::shell
