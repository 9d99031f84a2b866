//===- Passes.td - fma plugin passes -----------------------*- tablegen -*-===//
#ifndef FMA_PLUGIN_PASSES
#define FMA_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def FmaFuse : Pass<"fma-fuse"> {
  let summary = "Fuse arith.addf(arith.mulf(a, b), c) into fma.mul_add";
  let description = [{
    Rewrites a float addition whose operand is a multiplication into one
    `fma.mul_add`, on scalars and tiles alike. The multiplication is fused
    only when the addition is its only use, so no product is computed twice.
    Either operand of the addition may be the product.
  }];
  let dependentDialects = ["::fma_plugin::FmaDialect"];
}

def FmaLower : Pass<"fma-lower"> {
  let summary = "Lower fma.mul_add to math.fma";
  let description = [{
    Replaces every `fma.mul_add` with the equivalent `math.fma`, which the
    back ends lower to the hardware's fused multiply-add. Fails if an
    `fma.mul_add` is left over.
  }];
  let dependentDialects = ["::mlir::math::MathDialect"];
}

#endif // FMA_PLUGIN_PASSES
