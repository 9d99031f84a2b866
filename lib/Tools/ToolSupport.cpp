//===- ToolSupport.cpp - Shared pieces of the command-line tools ----------===//
#include "trident/Tools/ToolSupport.h"

#include "trident/Plugin/PluginManager.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace trident {

bool reportErrors(Error err) {
  bool any = false;
  handleAllErrors(std::move(err), [&](const ErrorInfoBase &e) {
    any = true;
    errs() << "trident: error: " << e.message() << "\n";
  });
  return any;
}

std::vector<std::string> extractPluginArgs(std::vector<char *> &args) {
  std::vector<std::string> paths;
  std::vector<char *> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = args[i] ? StringRef(args[i]) : StringRef();
    if (arg.consume_front("--load-plugin=") || arg.consume_front("-load-plugin=")) {
      paths.push_back(arg.str());
      continue;
    }
    if ((arg == "--load-plugin" || arg == "-load-plugin") && i + 1 < args.size()) {
      paths.push_back(args[++i]);
      continue;
    }
    kept.push_back(args[i]);
  }
  args = std::move(kept);
  return paths;
}

bool loadPlugins(const std::vector<std::string> &paths) {
  bool ok = !reportErrors(PluginManager::instance().loadFromEnvironment());
  for (const std::string &path : paths)
    ok &= !reportErrors(PluginManager::instance().load(path));
  return ok;
}

} // namespace trident
