//===- PluginABI.h - The Trident plugin ABI ---------------------*- C++ -*-===//
//
// A Trident plugin is a shared library that links against libTridentCore.so
// (never against its own copy of MLIR) and exports one C entry point,
// `tridentGetPluginInfo`, returning a `TridentPluginInfo` that describes
// everything the plugin contributes. The core validates every field before it
// registers anything; a plugin that fails validation leaves no trace.
//
// Versioning rules (see docs/plugins.md):
//  - `apiVersion` must equal TRIDENT_PLUGIN_API_VERSION of the loading core.
//    The number changes whenever a struct below changes layout or meaning.
//  - `coreBuildId` must equal TRIDENT_BUILD_ID of the loading core: plugins
//    use the MLIR C++ API, whose ABI is only stable within one build.
//  - `structSize` must equal sizeof(TridentPluginInfo) as the core sees it.
//
// The structs are plain data with C layout. Callbacks take C++ types because
// plugins are C++ and share the core's MLIR; they are declared here so the
// compiler checks a plugin's signatures.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_PLUGIN_PLUGINABI_H
#define TRIDENT_PLUGIN_PLUGINABI_H

#include "trident/Config.h"

#include <stddef.h>
#include <stdint.h>

namespace mlir {
class DialectRegistry;
class DictionaryAttr;
class Pass;
class OpBuilder;
class Location;
class Value;
} // namespace mlir

namespace trident {
class PassListBuilder;
class PipelineBuilder;
} // namespace trident

#define TRIDENT_PLUGIN_EXPORT extern "C" __attribute__((visibility("default")))
#define TRIDENT_PLUGIN_ENTRY_POINT "tridentGetPluginInfo"

/// Where a callback reports why it failed. Callbacks return 0 on success and
/// non-zero on failure, after calling tridentReportError with the reason.
struct TridentDiag;
extern "C" void tridentReportError(TridentDiag *diag, const char *message);

/// A pass the plugin adds to the global pass registry. `create` returns a
/// new pass (the caller takes ownership); the pass's getArgument() must equal
/// `argument`. Once registered, the pass is usable in --pass-pipeline and as
/// a pipeline entry by that name.
struct TridentPassInfo {
  const char *argument;
  const char *description;
  mlir::Pass *(*create)();
};

/// A dialect the plugin adds. `registerDialect` inserts the dialect (and any
/// extensions or interfaces it needs) into `registry`; it must register a
/// dialect whose namespace is `name`.
struct TridentDialectInfo {
  const char *name;
  void (*registerDialect)(mlir::DialectRegistry &registry);
};

/// One pass entry a plugin puts into a pipeline: a registered pass's flag,
/// optional textual options ("a=1 b=x"), and an optional label that makes the
/// entry id unique where the same pass runs twice in a stage. The entry's id
/// is `pass` or `pass#label`.
struct TridentPassRef {
  const char *pass;
  const char *options;
  const char *label;
};

enum TridentEditKind : uint32_t {
  TRIDENT_EDIT_INSERT_BEFORE = 1, ///< insert `passes` before entry `anchor`
  TRIDENT_EDIT_INSERT_AFTER = 2,  ///< insert `passes` after entry `anchor`
  TRIDENT_EDIT_APPEND = 3,        ///< append `passes` to `stage`
  TRIDENT_EDIT_DISABLE = 4,       ///< disable entry `anchor` (kept, not run)
  TRIDENT_EDIT_REPLACE = 5,       ///< replace entry `anchor` with `passes`
  TRIDENT_EDIT_OVERRIDE_STAGE = 6, ///< `stage` becomes `passes` or `buildStage`
  TRIDENT_EDIT_OVERRIDE_PIPELINE = 7, ///< whole pipeline from `buildPipeline`
};

/// A pipeline edit. `target` selects the targets it applies to: "*" (all),
/// a target kind ("cuda", "amd", "cpu") or a full target ("cuda:90a").
/// Anchors are entry ids. For OVERRIDE_STAGE exactly one of `passes` and
/// `buildStage` is given; OVERRIDE_PIPELINE needs `buildPipeline`.
struct TridentPipelineEdit {
  uint32_t kind; ///< a TridentEditKind
  const char *target;
  const char *stage;
  const char *anchor;
  const TridentPassRef *passes;
  size_t numPasses;
  int (*buildStage)(trident::PassListBuilder &stage, const char *target,
                    TridentDiag *diag);
  int (*buildPipeline)(trident::PipelineBuilder &pipeline, const char *target,
                       TridentDiag *diag);
};

/// A named custom pipeline: the target's default pipeline (with every
/// plugin's global edits) plus `edits`. Kernels select it by name.
struct TridentNamedPipeline {
  const char *name;
  const char *description;
  const TridentPipelineEdit *edits;
  size_t numEdits;
};

/// A DSL op: a Python-level function (`name`, e.g. "fuse.fma") that emits
/// the plugin's IR. `emit` builds the op(s) at the builder's insertion
/// point from `operands` and the compile-time `attrs` the caller gave
/// (never null; empty when none), and stores `numResults` values, of any
/// type (the plugin's own types too), in `results`.
struct TridentDslOpInfo {
  const char *name;
  const char *signature; ///< e.g. "(a: tile, b: tile, c: tile) -> tile"
  const char *description;
  int (*emit)(mlir::OpBuilder &builder, mlir::Location loc,
              const mlir::Value *operands, size_t numOperands,
              mlir::DictionaryAttr attrs, mlir::Value *results,
              size_t numResults, TridentDiag *diag);
};

/// What a plugin contributes. Arrays may be null only when their count is 0.
struct TridentPluginInfo {
  uint32_t apiVersion;  ///< TRIDENT_PLUGIN_API_VERSION
  uint32_t structSize;  ///< sizeof(TridentPluginInfo)
  const char *coreBuildId; ///< TRIDENT_BUILD_ID
  const char *name;     ///< unique plugin name: [A-Za-z0-9_.-]+
  const char *version;  ///< the plugin's own version string
  const char *description;

  const TridentPassInfo *passes;
  size_t numPasses;
  const TridentDialectInfo *dialects;
  size_t numDialects;
  const TridentPipelineEdit *edits; ///< applied to every pipeline built
  size_t numEdits;
  const TridentNamedPipeline *pipelines;
  size_t numPipelines;
  const TridentDslOpInfo *dslOps;
  size_t numDslOps;

  /// Everything about the plugin that changes generated code beyond its name
  /// and version (options, tuning tables, ...). Called once, at load; the
  /// result is copied and folded into each pipeline's fingerprint.
  const char *(*cacheKey)();
  /// Called once after validation and before registration; a failure aborts
  /// the load of this plugin only. May be null.
  int (*initialize)(TridentDiag *diag);
};

/// The entry point every plugin exports.
TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo();

#endif // TRIDENT_PLUGIN_PLUGINABI_H
