//===- FmaOps.td - The fma example dialect -----------------*- tablegen -*-===//
//
// One op: a fused multiply-add on floats. See README.md for why it exists.
//
//===----------------------------------------------------------------------===//
#ifndef FMA_PLUGIN_OPS
#define FMA_PLUGIN_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Fma_Dialect : Dialect {
  let name = "fma";
  let cppNamespace = "::fma_plugin";
  let summary = "Example plugin dialect: fused multiply-add";
  let description = [{
    A one-op dialect that shows how a plugin brings its own IR: `fma-fuse`
    rewrites `arith.addf(arith.mulf(a, b), c)` into `fma.mul_add`, and
    `fma-lower` turns it into `math.fma` for the back end.
  }];
}

def Fma_MulAddOp : Op<Fma_Dialect, "mul_add",
                      [Pure, SameOperandsAndResultType, ElementwiseMappable]> {
  let summary = "fused multiply-add: a * b + c, rounded once";
  let description = [{
    Computes `a * b + c` element-wise on float scalars, vectors or tiles
    (ranked tensors), with a single rounding at the end.

    ```mlir
    %d = fma.mul_add %a, %b, %c : tensor<128xf32>
    ```
  }];
  let arguments = (ins FloatLike:$a, FloatLike:$b, FloatLike:$c);
  let results = (outs FloatLike:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
}

#endif // FMA_PLUGIN_OPS
