// The shell's command families (src/shell/commands/, one file each) and the
// one table that lists them in `help`'s order, as options/option_groups.h
// lists the option groups. Adding a family: its file returns its rows from
// a function declared here and listed in command_families.cpp at the place
// `help` and the manual page show it (README: "Adding a shell command family").
#pragma once

#include "shell/command_spec.h"

#include <cstddef>
#include <span>
#include <vector>

namespace pmdfwd::shell {

// testpmd's help sections, in its order; a family is filed under one.
enum class Section {
    Control,
    Display,
    Config,
    Ports,
    Filters,
    TrafficManagement,
    Devices,
    Drivers
};

struct SectionText {
    Section section;
    const char *name, *title, *summary; // `help <name>`, its heading, the index line
};

// Every section, in Section's order.
std::span<const SectionText> section_texts();
const SectionText &section_text(Section s);

// One family: the section it is filed under and its rows.
struct Family {
    Section section;
    std::vector<Spec> (*rows)();
    bool operator==(const Family &) const = default;
};

// The built-in families, in help's order.
const std::vector<Family> &command_families();

std::vector<Spec> control_commands();
std::vector<Spec> show_commands();
std::vector<Spec> set_commands();
std::vector<Spec> segment_commands();
std::vector<Spec> vlan_commands();
std::vector<Spec> port_set_commands();
std::vector<Spec> port_link_commands();
std::vector<Spec> cman_commands();
std::vector<Spec> vf_commands();
std::vector<Spec> engine_commands();
std::vector<Spec> dcb_config_commands();
std::vector<Spec> dcb_commands();
std::vector<Spec> port_info_commands();
std::vector<Spec> port_display_commands();
std::vector<Spec> eeprom_commands();
std::vector<Spec> driver_display_commands();
std::vector<Spec> speed_lanes_display_commands();
std::vector<Spec> speed_lanes_port_commands();
std::vector<Spec> mbuf_history_commands();
std::vector<Spec> port_config_commands();
std::vector<Spec> port_setting_commands();
std::vector<Spec> rx_offload_commands();
std::vector<Spec> port_attach_commands();
std::vector<Spec> descriptor_commands();
std::vector<Spec> port_filter_commands();
std::vector<Spec> port_rss_commands();
std::vector<Spec> session_commands();
std::vector<Spec> fwd_config_commands();
std::vector<Spec> flow_commands();
std::vector<Spec> flow_template_commands();
std::vector<Spec> flow_set_commands();
std::vector<Spec> encap_commands();
std::vector<Spec> tm_commands();
std::vector<Spec> mtr_commands();
std::vector<Spec> bonding_commands();
std::vector<Spec> bpf_commands();
std::vector<Spec> i40e_commands();

} // namespace pmdfwd::shell
