#include "shell/command_families.h"

namespace pmdfwd::shell {

namespace {

// testpmd 22.11's sections and summaries.
constexpr SectionText kSections[] = {
    {Section::Control, "control", "Control forwarding", "Start and stop forwarding."},
    {Section::Display, "display", "Display", "Displaying port, stats and config information."},
    {Section::Config, "config", "Configuration", "Configuration information."},
    {Section::Ports, "ports", "Port Operations", "Configuring ports."},
    {Section::Filters, "filters", "filters", "Filters configuration help."},
    {Section::TrafficManagement, "traffic_management", "", "Traffic Management commands."},
    {Section::Devices, "devices", "", "Device related commands."},
    {Section::Drivers, "drivers", "Driver specific", "Driver specific commands."},
};

constexpr bool in_enum_order() {
    for (size_t i = 0; i < std::size(kSections); i++)
        if (static_cast<size_t>(kSections[i].section) != i) return false;
    return true;
}
static_assert(in_enum_order(), "section_text() indexes kSections by Section");

} // namespace

std::span<const SectionText> section_texts() {
    return kSections;
}

const SectionText &section_text(Section s) {
    return kSections[static_cast<size_t>(s)];
}

const std::vector<Family> &command_families() {
    static const std::vector<Family> table = {
        {Section::Control, control_commands},
        {Section::Display, show_commands},
        {Section::Config, set_commands},
        {Section::Config, segment_commands},
        {Section::Config, vlan_commands},
        {Section::Config, port_set_commands},
        {Section::Config, port_link_commands},
        {Section::Config, cman_commands},
        {Section::Config, vf_commands},
        {Section::Config, engine_commands},
        {Section::Config, dcb_config_commands},
        {Section::Display, port_info_commands},
        {Section::Display, port_display_commands},
        {Section::Display, eeprom_commands},
        {Section::Display, driver_display_commands},
        {Section::Display, speed_lanes_display_commands},
        {Section::Display, mbuf_history_commands},
        {Section::Ports, port_config_commands},
        {Section::Ports, port_setting_commands},
        {Section::Ports, rx_offload_commands},
        {Section::Ports, port_attach_commands},
        {Section::Ports, speed_lanes_port_commands},
        {Section::Ports, dcb_commands},
        {Section::Display, descriptor_commands},
        {Section::Ports, port_filter_commands},
        {Section::Ports, port_rss_commands},
        {Section::Control, session_commands},
        {Section::Config, fwd_config_commands},
        {Section::Filters, flow_commands},
        {Section::Filters, flow_template_commands},
        {Section::Filters, flow_set_commands},
        {Section::Filters, encap_commands},
        {Section::Ports, tm_commands},
        {Section::Ports, mtr_commands},
        {Section::Ports, bonding_commands},
        {Section::Ports, bpf_commands},
        {Section::Drivers, i40e_commands},
    };
    return table;
}

} // namespace pmdfwd::shell
