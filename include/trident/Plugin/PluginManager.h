//===- PluginManager.h - Loading and tracking plugins -----------*- C++ -*-===//
//
// The process-wide set of loaded plugins. Plugins come from
// TRIDENT_PLUGIN_PATHS (colon-separated, read at first use) and from explicit
// load() calls at any time. A load either succeeds whole or leaves no trace:
// every field is validated, every name checked for clashes and every pipeline
// the plugin's edits touch is built on trial before anything is registered.
// Plugins are never unloaded.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_PLUGINMANAGER_H
#define TRIDENT_PLUGIN_PLUGINMANAGER_H

#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Plugin/PluginABI.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace trident {

struct NamedPipelineDef {
  std::string name;
  std::string description;
  std::string owner; ///< plugin name
  std::vector<PipelineEdit> edits;
};

struct DslOpDef {
  std::string name;
  std::string signature;
  std::string description;
  std::string owner;
  decltype(TridentDslOpInfo::emit) emit = nullptr;
};

struct LoadedPlugin {
  std::string path; ///< canonical path of the shared library
  std::string name;
  std::string version;
  std::string description;
  std::string cacheKey;
  std::vector<std::string> passes;   ///< pass flags
  std::vector<std::string> dialects; ///< dialect namespaces
  std::vector<PipelineEdit> edits;   ///< applied to every pipeline
  std::vector<NamedPipelineDef> pipelines;
  std::vector<DslOpDef> dslOps;
  const TridentPluginInfo *info = nullptr;
};

class PluginManager {
public:
  static PluginManager &instance();

  /// Loads the plugin at `path`, after the plugins of TRIDENT_PLUGIN_PATHS
  /// if they are not loaded yet. Loading a file that is already loaded is a
  /// no-op. On failure the error reads "<path>: <reason>" and nothing of the
  /// plugin is registered.
  llvm::Error load(llvm::StringRef path);
  /// Loads every path in TRIDENT_PLUGIN_PATHS, once per process (at the
  /// first of this, load() and buildPipeline()). Each path that fails adds
  /// an error; the others still load. The errors are returned by the first
  /// call of this method, whichever call loaded the paths.
  llvm::Error loadFromEnvironment();

  std::vector<const LoadedPlugin *> plugins() const;
  const LoadedPlugin *findPlugin(llvm::StringRef name) const;
  /// The plugin that registered pass `flag`, or null for core passes.
  const LoadedPlugin *ownerOfPass(llvm::StringRef flag) const;
  /// Adds every plugin dialect to `registry`.
  void appendDialects(mlir::DialectRegistry &registry) const;
  /// Names of all named pipelines ("default" first).
  std::vector<std::string> pipelineNames() const;
  const DslOpDef *findDslOp(llvm::StringRef name) const;
  /// Emits DSL op `name` through its plugin's `emit` callback (under crash
  /// recovery) at the builder's insertion point. On success every element
  /// of `results` holds a value; on failure the error names the op, its
  /// plugin and the reason the plugin reported.
  llvm::Error emitDslOp(llvm::StringRef name, mlir::OpBuilder &builder,
                        mlir::Location loc,
                        llvm::ArrayRef<mlir::Value> operands,
                        mlir::DictionaryAttr attrs,
                        llvm::MutableArrayRef<mlir::Value> results) const;

  /// Builds target's pipeline `name` ("default" or a plugin's named
  /// pipeline): the built-in pipeline with every plugin's edits, the named
  /// pipeline's edits, then `extra` edits (from API callers). Loads the
  /// plugins of TRIDENT_PLUGIN_PATHS first if they are not loaded yet.
  llvm::Expected<Pipeline>
  buildPipeline(const Target &target, llvm::StringRef name = "default",
                llvm::ArrayRef<PipelineEdit> extra = {});

  /// Adds the MLIR passes `entries` of `stage` to `pm`, in order, each with
  /// its options. MLIR's pass registry, which load() adds to, is read under
  /// the manager's lock: use this rather than mlir::PassInfo::lookup while
  /// other threads may load plugins. Errors name the stage, the entry and the
  /// plugin that inserted it.
  llvm::Error addStagePasses(mlir::OpPassManager &pm, const Stage &stage,
                             llvm::ArrayRef<const PassEntry *> entries) const;

private:
  PluginManager() = default;
  llvm::Error loadLocked(llvm::StringRef path);
  /// Loads TRIDENT_PLUGIN_PATHS unless done already, keeping the errors for
  /// loadFromEnvironment().
  void loadEnvironmentLocked();
  llvm::Expected<Pipeline>
  buildPipelineLocked(const Target &target, llvm::StringRef name,
                      llvm::ArrayRef<PipelineEdit> extra,
                      const LoadedPlugin *candidate) const;

  mutable std::recursive_mutex mutex;
  std::vector<std::unique_ptr<LoadedPlugin>> loaded;
  bool environmentLoaded = false;
  bool environmentReported = false;
  std::vector<std::string> environmentErrors; ///< until reported
};

/// Whether `flag` names a pass in MLIR's global pass registry.
bool isRegisteredPass(llvm::StringRef flag);

} // namespace trident

#endif
