//===- OptMain.cpp - trident-opt ------------------------------------------===//
#include "trident/InitAll.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Tools/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace trident {

int optMain(int argc, char **argv) {
  std::vector<char *> args(argv, argv + argc);
  std::vector<std::string> plugins = extractPluginArgs(args);
  registerCorePasses();
  if (!loadPlugins(plugins))
    return 1;
  mlir::DialectRegistry registry;
  registerCoreDialects(registry);
  PluginManager::instance().appendDialects(registry);
  args.push_back(nullptr);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size() - 1), args.data(),
      "Trident optimizer driver\n\n"
      "  --load-plugin=PATH   load a Trident plugin (repeatable; also read "
      "from TRIDENT_PLUGIN_PATHS)\n",
      registry));
}

} // namespace trident
