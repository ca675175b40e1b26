// SystemC's library provides main() and calls sc_main.
#include <systemc>
#include "app/cli.hpp"

int sc_main(int argc, char** argv) { return ws::cli_main(argc, argv); }
