//===- Plugin.cpp - The fma plugin's entry point --------------------------===//
//
// Ties the pieces together: the dialect, the two passes, where the passes go
// in each target's pipeline, and the DSL op `fma.mul_add` that the Python
// front end exposes to kernels.
//
//===----------------------------------------------------------------------===//
#include "FmaDialect.h"
#include "Passes.h"

#include "trident/Plugin/PluginABI.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace fma_plugin;

namespace {

// --- Dialects and passes ----------------------------------------------------

const TridentDialectInfo kDialects[] = {
    {"fma", [](DialectRegistry &registry) { registry.insert<FmaDialect>(); }},
};

const TridentPassInfo kPasses[] = {
    {"fma-fuse", "Fuse arith.addf(arith.mulf(a, b), c) into fma.mul_add",
     []() -> Pass * { return createFmaFuse().release(); }},
    {"fma-lower", "Lower fma.mul_add to math.fma",
     []() -> Pass * { return createFmaLower().release(); }},
};

// --- Where the passes go ----------------------------------------------------
//
// Fusion is target-independent, so it goes into stage `tir` of every target,
// once the core has cleaned the kernel up (just before symbol-dce). The
// lowering runs at the end of the stage that prepares the target's own IR:
// `gir` on GPUs, `cir` on the CPU. A stage that a target lacks cannot be
// edited, hence one edit per target kind.

const TridentPassRef kFuse[] = {{"fma-fuse", nullptr, nullptr}};
const TridentPassRef kLower[] = {{"fma-lower", nullptr, nullptr}};

const TridentPipelineEdit kEdits[] = {
    {TRIDENT_EDIT_INSERT_BEFORE, "*", "tir", "symbol-dce", kFuse, 1, nullptr,
     nullptr},
    {TRIDENT_EDIT_APPEND, "cuda", "gir", nullptr, kLower, 1, nullptr, nullptr},
    {TRIDENT_EDIT_APPEND, "amd", "gir", nullptr, kLower, 1, nullptr, nullptr},
    {TRIDENT_EDIT_APPEND, "cpu", "cir", nullptr, kLower, 1, nullptr, nullptr},
};

// --- The DSL op -------------------------------------------------------------
//
// The front end calls `emit` with the builder at the kernel's current point
// and the already-converted operands. It returns 0 and fills `results`, or
// reports why it cannot and returns non-zero; the front end turns that into
// an error at the kernel's source line.

int emitMulAdd(OpBuilder &builder, Location loc, const Value *operands,
               size_t numOperands, DictionaryAttr attrs, Value *results,
               size_t numResults, TridentDiag *diag) {
  if (!attrs.empty()) {
    tridentReportError(diag, "fma.mul_add takes no attributes");
    return 1;
  }
  if (numOperands != 3 || numResults != 1) {
    tridentReportError(diag, "fma.mul_add takes 3 operands (a, b, c) and "
                             "returns 1 value");
    return 1;
  }
  Type type = operands[0].getType();
  if (operands[1].getType() != type || operands[2].getType() != type) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "fma.mul_add operands must have one type, got '" << type << "', '"
       << operands[1].getType() << "' and '" << operands[2].getType() << "'";
    tridentReportError(diag, msg.c_str());
    return 1;
  }
  if (!isa<FloatType>(getElementTypeOrSelf(type))) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "fma.mul_add needs float operands, got '" << type << "'";
    tridentReportError(diag, msg.c_str());
    return 1;
  }
  // The kernel's context may not have loaded the dialect yet.
  builder.getContext()->getOrLoadDialect<FmaDialect>();
  results[0] =
      MulAddOp::create(builder, loc, operands[0], operands[1], operands[2]);
  return 0;
}

const TridentDslOpInfo kDslOps[] = {
    {"fma.mul_add", "(a: tile, b: tile, c: tile) -> tile",
     "a * b + c with a single rounding", emitMulAdd},
};

// What changes this plugin's generated code beyond its name and version: the
// fusion rule. Computed once, when the plugin is loaded.
const char *cacheKey() { return "fuse=single-use-mulf"; }

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "fma";
  info.version = "1.0.0";
  info.description = "Example: a dialect with fma.mul_add, its fusion, its "
                     "lowering to math.fma and a DSL op";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  info.dialects = kDialects;
  info.numDialects = std::size(kDialects);
  info.edits = kEdits;
  info.numEdits = std::size(kEdits);
  info.dslOps = kDslOps;
  info.numDslOps = std::size(kDslOps);
  info.cacheKey = cacheKey;
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
