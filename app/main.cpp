// SystemC's library provides main() and calls sc_main.
#include <systemc>
#include <cstdlib>
#include "app/cli.hpp"

namespace {
// Results go to stdout, so keep the kernel's banner off unless the user set the
// variable. It must be set before main(): the kernel prints during start-up.
const bool kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;
}  // namespace

int sc_main(int argc, char** argv) { return ws::cli_main(argc, argv); }
