//===- Plugin.cpp - The gpu-ext plugin's entry point ----------------------===//
//
// A GPU-level plugin that uses the core's code-generation seams:
//   - its dialect `gpux`, whose ops reach convert-gir-to-llvm and are
//     lowered there by the plugin's patterns (GPUIRToLLVMPatternInterface),
//     one of them in shared-memory scratch from the core's allocator;
//   - an axis-info rule (gpux.range implements AxisInfoOpInterface), so
//     loads through its results are coalesced and vectorized;
//   - a coalescing strategy, gpux-narrow-coalesce, that the named pipeline
//     `gpux-narrow` puts in place of gir-coalesce;
//   - on the CPU target, gpux.range is expanded into core Tile IR first;
//   - a DSL op, gpux.reverse, for Python kernels (python/gpux).
//
//===----------------------------------------------------------------------===//
#include "GpuxDialect.h"
#include "Passes.h"

#include "trident/Plugin/PluginABI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <iterator>

using namespace mlir;
using namespace gpux_plugin;

namespace {

const TridentDialectInfo kDialects[] = {
    {"gpux", [](DialectRegistry &registry) { registry.insert<GpuxDialect>(); }},
};

const TridentPassInfo kPasses[] = {
    {"gpux-narrow-coalesce",
     "Coalesce memory accesses in at most 8 bytes per thread",
     []() -> Pass * { return createGpuxNarrowCoalesce().release(); }},
    {"gpux-expand-range", "gpux.range as core Tile IR (CPU target)",
     []() -> Pass * { return createGpuxExpandRange().release(); }},
};

// The CPU back end lowers core Tile IR only: gpux.range becomes core ops at
// the end of the CPU's tir stage. (gpux.reverse has no CPU lowering; the
// CPU back end names it as an op it cannot lower.)
const TridentPassRef kExpand[] = {{"gpux-expand-range", nullptr, nullptr}};
const TridentPipelineEdit kEdits[] = {
    {TRIDENT_EDIT_APPEND, "cpu", "tir", nullptr, kExpand, 1, nullptr, nullptr},
};

// `gpux-narrow`: the default pipeline with the plugin's coalescing.
const TridentPassRef kNarrow[] = {{"gpux-narrow-coalesce", nullptr, nullptr}};
const TridentPipelineEdit kNarrowEdits[] = {
    {TRIDENT_EDIT_REPLACE, "cuda", "gir", "gir-coalesce", kNarrow, 1, nullptr,
     nullptr},
};
const TridentNamedPipeline kPipelines[] = {
    {"gpux-narrow",
     "default, with memory accesses coalesced in at most 8 bytes per thread",
     kNarrowEdits, std::size(kNarrowEdits)},
};

int emitReverse(OpBuilder &builder, Location loc, const Value *operands,
                size_t numOperands, DictionaryAttr attrs, Value *results,
                size_t numResults, TridentDiag *diag) {
  if (!attrs.empty()) {
    tridentReportError(diag, "gpux.reverse takes no attributes");
    return 1;
  }
  if (numOperands != 1 || numResults != 1) {
    tridentReportError(diag, "gpux.reverse takes 1 operand and returns 1 "
                             "value");
    return 1;
  }
  auto type = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!type || type.getRank() != 1) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "gpux.reverse needs a 1-D tile, got '" << operands[0].getType()
       << "'";
    tridentReportError(diag, msg.c_str());
    return 1;
  }
  builder.getContext()->getOrLoadDialect<GpuxDialect>();
  results[0] = ReverseOp::create(builder, loc, operands[0]);
  return 0;
}

const TridentDslOpInfo kDslOps[] = {
    {"gpux.reverse", "(x: 1-D tile) -> tile", "x reversed", emitReverse},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "gpu-ext";
  info.version = "1.0.0";
  info.description = "Example: GPU-level ops lowered by the plugin, an "
                     "axis-info rule and a coalescing strategy";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  info.dialects = kDialects;
  info.numDialects = std::size(kDialects);
  info.edits = kEdits;
  info.numEdits = std::size(kEdits);
  info.pipelines = kPipelines;
  info.numPipelines = std::size(kPipelines);
  info.dslOps = kDslOps;
  info.numDslOps = std::size(kDslOps);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
