//===- Hello.cpp - The smallest useful Trident plugin ---------------------===//
//
// A pass-only plugin: it adds one pass, `hello-annotate`, and puts it into
// every pipeline right after the `canonicalize` entry of stage `tir`.
//
// Everything a plugin contributes is described by one TridentPluginInfo
// returned from the exported entry point `tridentGetPluginInfo`. The core
// validates every field before registering anything, so a mistake here is
// reported as a load error naming this file, never a crash.
//
// The plugin uses the core's own op and type classes (tir::GetProgramIdOp,
// tir::PointerType, func::FuncOp) with isa<>/cast<>: that works because the
// plugin links against libTridentCore.so and so shares its single copy of
// MLIR, including the TypeIDs that isa<> compares.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"
#include "trident/Plugin/PluginABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hello_plugin {
#define GEN_PASS_DECL_HELLOANNOTATE
#define GEN_PASS_DEF_HELLOANNOTATE
#include "Passes.h.inc"
} // namespace hello_plugin

using namespace mlir;

namespace {

struct HelloAnnotatePass
    : hello_plugin::impl::HelloAnnotateBase<HelloAnnotatePass> {
  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](func::FuncOp func) {
      int64_t tirOps = 0;
      SmallVector<int32_t> axes;
      func.walk([&](Operation *op) {
        // A dialect check: the core's TileIRDialect class, seen from here.
        if (isa_and_nonnull<trident::tir::TileIRDialect>(op->getDialect()))
          ++tirOps;
        // An op check and a typed accessor on a core op.
        if (auto pid = dyn_cast<trident::tir::GetProgramIdOp>(op))
          axes.push_back(pid.getAxis());
      });
      // A type check on a core type.
      int64_t ptrArgs = llvm::count_if(func.getArgumentTypes(), [](Type t) {
        return isa<trident::tir::PointerType>(t);
      });
      func->setAttr("hello.tir_ops", b.getI64IntegerAttr(tirOps));
      func->setAttr("hello.program_id_axes", b.getDenseI32ArrayAttr(axes));
      func->setAttr("hello.ptr_args", b.getI64IntegerAttr(ptrArgs));
    });
  }
};

// --- What the plugin contributes ------------------------------------------

// The passes it registers. `argument` must equal the pass's flag; the core
// creates each pass once at load time to check that.
const TridentPassInfo kPasses[] = {
    {"hello-annotate",
     "Annotate each function with what it holds of the Tile IR",
     []() -> Pass * { return hello_plugin::createHelloAnnotate().release(); }},
};

// Where the pass goes: right after `canonicalize` in stage `tir`, on every
// target ("*"). Entries are addressed by id, never by position.
const TridentPassRef kHelloEntry[] = {
    {/*pass=*/"hello-annotate", /*options=*/nullptr, /*label=*/nullptr},
};
const TridentPipelineEdit kEdits[] = {
    {/*kind=*/TRIDENT_EDIT_INSERT_AFTER, /*target=*/"*", /*stage=*/"tir",
     /*anchor=*/"canonicalize", kHelloEntry, std::size(kHelloEntry),
     /*buildStage=*/nullptr, /*buildPipeline=*/nullptr},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {}; // every field not set below is null / zero
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "hello";
  info.version = "1.0.0";
  info.description = "Example: one pass that annotates functions, inserted "
                     "after tir:canonicalize";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  info.edits = kEdits;
  info.numEdits = std::size(kEdits);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
