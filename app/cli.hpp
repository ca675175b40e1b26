#pragma once
// The wirespeed command line (design.md, "CLI contract"). Returns the exit code:
// 0 success, 1 model failure, 2 bad input.
namespace ws {
int cli_main(int argc, char** argv);
}
