#include "ports/flow/flow_complain.h"

#include "text/text_format.h"

#include <rte_errno.h>

namespace pmdfwd::flow {

namespace {

// testpmd 22.11's errstrlist, by rte_flow_error_type.
const char *error_type_text(int type) {
    static const char *const kTexts[] = {
        "no error",
        "cause unspecified",
        "flow rule (handle)",
        "group field",
        "priority field",
        "ingress field",
        "egress field",
        "transfer field",
        "attributes structure",
        "pattern length",
        "item specification",
        "item specification range",
        "item specification mask",
        "specific pattern item",
        "number of actions",
        "action configuration",
        "specific action",
    };
    static_assert(RTE_FLOW_ERROR_TYPE_ACTION == 16);
    if (type < 0 || static_cast<size_t>(type) >= std::size(kTexts)) return "unknown type";
    return kTexts[type];
}

} // namespace

std::string flow_complaint(const rte_flow_error &error, int rc) {
    std::string cause;
    if (error.cause) cause = text_format("cause: %p, ", error.cause);
    std::string o =
        text_format("port_flow_complain(): Caught PMD error type %d (%s): %s%s: %s\n", error.type,
                    error_type_text(error.type), cause.c_str(),
                    error.message ? error.message : "(no stated reason)", rte_strerror(-rc));
    if (error.type == RTE_FLOW_ERROR_TYPE_ATTR_TRANSFER)
        o += "The status suggests the use of \"transfer\" as the possible cause of the failure. "
             "Make sure that the flow in question and its indirect components (if any) are "
             "managed via \"transfer\" proxy port. Use command \"show port (port_id) flow "
             "transfer proxy\" to figure out the proxy port ID\n";
    return o;
}

} // namespace pmdfwd::flow
