//===- ToolSupport.h - Shared pieces of the command-line tools --*- C++ -*-===//
#ifndef TRIDENT_TOOLS_TOOLSUPPORT_H
#define TRIDENT_TOOLS_TOOLSUPPORT_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace trident {

/// Prints every error in `err` as "trident: error: <message>" on stderr and
/// returns true if there was any.
bool reportErrors(llvm::Error err);

/// Removes `--load-plugin=PATH` and `--load-plugin PATH` from `args` and
/// returns the paths in order.
std::vector<std::string> extractPluginArgs(std::vector<char *> &args);

/// Loads TRIDENT_PLUGIN_PATHS, then `paths`. Returns false (after reporting
/// each failure) if any plugin failed to load.
bool loadPlugins(const std::vector<std::string> &paths);

/// trident-opt: MlirOptMain over every core and plugin dialect and pass.
int optMain(int argc, char **argv);

} // namespace trident

#endif
