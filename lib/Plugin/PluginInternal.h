//===- PluginInternal.h - What the plugin manager's files share -*- C++ -*-===//
//
// The plugin manager is split by job: PluginFile.cpp inspects a plugin's
// file before it is loaded, PluginReader.cpp decodes and checks its ABI
// description, PluginManager.cpp keeps the registry and builds pipelines
// with the loaded plugins. Private to lib/Plugin.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_PLUGIN_PLUGININTERNAL_H
#define TRIDENT_LIB_PLUGIN_PLUGININTERNAL_H

#include "trident/Plugin/PluginManager.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>

/// Where a plugin callback puts its error message (tridentReportError).
struct TridentDiag {
  std::string message;
};

namespace trident::plugin_detail {

/// Calls a plugin callback that reports through a TridentDiag, under crash
/// recovery. `what` names the callback in messages.
llvm::Error callPlugin(llvm::StringRef what,
                       llvm::function_ref<int(TridentDiag *)> fn);

/// Loads each of `names` from registries `a` and `b` into two scratch
/// contexts and sets `differing` to the first name under which they hold
/// different dialects. False if loading crashed.
bool findDifferentDialect(const mlir::DialectRegistry &a,
                          const mlir::DialectRegistry &b,
                          llvm::ArrayRef<std::string> names,
                          std::string &differing);

/// Whether `name` may be a pipeline entry: a pass or a translation step.
bool isKnownEntry(llvm::StringRef name);

/// Whether `name` is a valid plugin, pipeline or DSL op name.
bool isValidName(llvm::StringRef name);

/// Fails if the shared library at `path` links its own copy of MLIR or
/// LLVM instead of libTridentCore.so (read from its ELF file, before it is
/// loaded).
llvm::Error checkSingleMLIR(llvm::StringRef path);

/// Checks the options of every entry of `pipeline` that has options, as
/// running it would parse them (`candidate`: the plugin being loaded).
llvm::Error checkPassOptions(const Pipeline &pipeline,
                             const LoadedPlugin &candidate);

/// Converts the ABI description of a plugin into `out`, checking every
/// field (PluginReader.cpp).
llvm::Error readPluginInfo(const TridentPluginInfo &info, LoadedPlugin &out);

} // namespace trident::plugin_detail

#endif
