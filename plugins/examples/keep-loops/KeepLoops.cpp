//===- KeepLoops.cpp - Disable one core entry, replace another ------------===//
//
// keep-loops keeps the code of each loop body where the kernel author wrote
// it, which is what one wants when reading the IR of a kernel next to its
// source or when profiling a loop:
//   - it disables `loop-invariant-code-motion` in stage `tir` (the entry stays
//     in the pipeline, marked, but does not run), so nothing is hoisted;
//   - it replaces `cse` in stage `tir` with its own `keep-loops-cse`, which
//     never reuses a value from outside the block, so a loop body does not
//     start depending on values computed before the loop.
//
// Disabling and replacing are edits by entry id; when another plugin has
// already replaced or disabled the same entry, loading this plugin fails
// with an error naming both plugins, instead of one edit silently winning.
//
//===----------------------------------------------------------------------===//
#include "trident/Plugin/PluginABI.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"

namespace keep_loops_plugin {
#define GEN_PASS_DECL_KEEPLOOPSCSE
#define GEN_PASS_DEF_KEEPLOOPSCSE
#include "Passes.h.inc"
} // namespace keep_loops_plugin

using namespace mlir;

namespace {

struct KeepLoopsCSEPass
    : keep_loops_plugin::impl::KeepLoopsCSEBase<KeepLoopsCSEPass> {
  void runOnOperation() override {
    getOperation()->walk([&](Block *block) { simplify(*block); });
  }

  /// Replaces each op by an identical earlier op of `block`, if there is one.
  void simplify(Block &block) {
    // Candidate ops bucketed by structural hash (name, attributes, operands,
    // result types); equality is checked exactly within a bucket.
    llvm::DenseMap<unsigned, SmallVector<Operation *, 1>> seen;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (op.getNumRegions() != 0 || op.getNumResults() == 0 ||
          !isMemoryEffectFree(&op))
        continue;
      unsigned hash = OperationEquivalence::computeHash(
          &op, OperationEquivalence::directHashValue,
          OperationEquivalence::ignoreHashValue,
          OperationEquivalence::IgnoreLocations);
      SmallVector<Operation *, 1> &bucket = seen[hash];
      Operation *same = nullptr;
      for (Operation *earlier : bucket)
        if (OperationEquivalence::isEquivalentTo(
                &op, earlier, OperationEquivalence::IgnoreLocations)) {
          same = earlier;
          break;
        }
      if (!same) {
        bucket.push_back(&op);
        continue;
      }
      op.replaceAllUsesWith(same->getResults());
      op.erase();
    }
  }
};

const TridentPassInfo kPasses[] = {
    {"keep-loops-cse", "Eliminate common subexpressions within each block only",
     []() -> Pass * {
       return keep_loops_plugin::createKeepLoopsCSE().release();
     }},
};

// The edits, on every target. A disabled entry needs no passes; a replacing
// edit lists the entries that take the anchor's place (here just one).
const TridentPassRef kKeepLoopsCse[] = {{"keep-loops-cse", nullptr, nullptr}};
const TridentPipelineEdit kEdits[] = {
    {TRIDENT_EDIT_DISABLE, "*", "tir", "loop-invariant-code-motion", nullptr, 0,
     nullptr, nullptr},
    {TRIDENT_EDIT_REPLACE, "*", "tir", "cse", kKeepLoopsCse, 1, nullptr,
     nullptr},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "keep-loops";
  info.version = "1.0.0";
  info.description = "Example: keeps loop bodies as written (disables "
                     "tir:loop-invariant-code-motion, replaces tir:cse with "
                     "keep-loops-cse)";
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
