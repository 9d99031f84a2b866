//===- Passes.td - keep-loops plugin passes ----------------*- tablegen -*-===//
#ifndef KEEP_LOOPS_PLUGIN_PASSES
#define KEEP_LOOPS_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def KeepLoopsCSE : Pass<"keep-loops-cse"> {
  let summary = "Eliminate common subexpressions within each block only";
  let description = [{
    Like `cse`, but an op is only ever replaced by an identical op earlier
    in the same block. Upstream `cse` also reuses a value computed outside a
    loop inside the loop body; this pass leaves each region's code as it was
    written, so a loop body stays self-contained.

    Only ops without memory effects and without regions are considered.
  }];
}

#endif // KEEP_LOOPS_PLUGIN_PASSES
