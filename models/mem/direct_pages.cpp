#include "models/mem/direct_pages.hpp"

namespace ws {

DirectPages::Page& DirectPages::ask(tlm::tlm_fw_transport_if<>& fw, Page& p, uint64_t addr) {
  request_.set_command(tlm::TLM_READ_COMMAND);
  request_.set_address(addr);
  TimedRoute route;
  request_.set_extension(&route);
  tlm::tlm_dmi dmi;
  p.ptr = fw.get_direct_mem_ptr(request_, dmi) && dmi.is_read_allowed() ? dmi.get_dmi_ptr() : nullptr;
  request_.clear_extension(&route);
  p.start = dmi.get_start_address(), p.end = dmi.get_end_address();
  p.writable = dmi.is_write_allowed();
  p.route = p.ptr ? route : TimedRoute{};
  return p;
}

void DirectPages::invalidate(uint64_t start, uint64_t end) {
  // Within one page (a memory allocating a page it granted as zeros): only the page's own
  // entry is ever consulted for its addresses; an entry elsewhere whose range
  // overlaps it serves other addresses, for which it still holds.
  if (start >> kPageBits == end >> kPageBits) {
    Page& p = slot(start);
    if (p.start <= end && start <= p.end) p = Page{};
    return;
  }
  for (Page& p : pages_)
    if (p.start <= end && start <= p.end) p = Page{};
}

}  // namespace ws
