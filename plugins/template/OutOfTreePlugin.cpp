//===- OutOfTreePlugin.cpp - A plugin built against installed Trident -----===//
//
// Counts tir.get_program_id ops per function (a cast<> across the plugin
// boundary onto a core op class) and records the count as an attribute. The
// pass is inserted after the `tir` stage's `cse` entry.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/IR/TileIR.h"
#include "trident/Plugin/PluginABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace oot {
#define GEN_PASS_DECL
#define GEN_PASS_DEF_OUTOFTREETAGKERNELS
#include "Passes.h.inc"
} // namespace oot

namespace {
struct TagKernels : oot::impl::OutOfTreeTagKernelsBase<TagKernels> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](mlir::func::FuncOp fn) {
      int64_t count = 0;
      fn.walk([&](mlir::Operation *op) {
        if (auto pid = llvm::dyn_cast<trident::tir::GetProgramIdOp>(op))
          count += 1;
      });
      fn->setAttr(tag, mlir::IntegerAttr::get(
                           mlir::IntegerType::get(&getContext(), 64), count));
    });
  }
};

mlir::Pass *createTagKernels() { return new TagKernels(); }

const TridentPassInfo kPasses[] = {
    {"oot-tag-kernels", "Tag functions with their program-id count",
     createTagKernels},
};
const TridentPassRef kInserted[] = {{"oot-tag-kernels", "", ""}};
const TridentPipelineEdit kEdits[] = {
    {TRIDENT_EDIT_INSERT_AFTER, "*", "tir", "cse", kInserted, 1, nullptr,
     nullptr},
};
const TridentPluginInfo kInfo = {
    TRIDENT_PLUGIN_API_VERSION,
    sizeof(TridentPluginInfo),
    TRIDENT_BUILD_ID,
    "outoftree",
    "1.0",
    "Built outside the Trident tree from the installed package",
    kPasses, 1,
    nullptr, 0,
    kEdits, 1,
    nullptr, 0,
    nullptr, 0,
    nullptr,
    nullptr,
};
} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  return &kInfo;
}
