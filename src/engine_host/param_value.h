// One engine parameter's value read against its row of the engine's table
// (pmdfwd_param): the kinds' syntax, their messages for a bad value, and
// their part of a help line. engine_params.h serves whole tables.
#pragma once

#include "util/status.h"

#include <pmdfwd/engine.h>

#include <string>
#include <string_view>

namespace pmdfwd {

// Fills *out (out->text points into text), or says what is wrong with text
// and what the row allows, naming the engine.
Status parse_param_value(std::string_view engine, const pmdfwd_param &row, const std::string &text,
                         pmdfwd_param_value *out);

// The value's name in help: the row's metavar, else its kind's ("N",
// "on|off", the choices joined by '|', ...).
std::string param_metavar(const pmdfwd_param &row);

// "key=METAVAR  help (METAVAR: range or choices, default D)".
std::string param_help_line(const pmdfwd_param &row);

// Whether the row's kind is one this host knows.
bool known_param_kind(uint32_t kind);

} // namespace pmdfwd
