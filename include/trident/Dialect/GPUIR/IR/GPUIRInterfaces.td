//===- GPUIRInterfaces.td - GPU IR attribute interfaces ----*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_INTERFACES
#define TRIDENT_GPUIR_INTERFACES

include "mlir/IR/OpBase.td"

def GPUIR_DistributedEncoding : AttrInterface<"DistributedEncodingAttr"> {
  let cppNamespace = "::trident::gir";
  let description = [{
    A tensor encoding that spreads the tensor's elements over the registers
    of the threads of one program.
  }];
  let methods = [
    InterfaceMethod<"The tensor rank this encoding describes.",
                    "unsigned", "getRank">,
    InterfaceMethod<[{
        How many elements of a tensor of `shape` each thread holds
        (replicated elements included).
      }], "int64_t", "getElemsPerThread",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Element coordinates held by register `reg` of thread `lane` in warp
        `warp`, for a tensor of `shape`.
      }], "::llvm::SmallVector<int64_t>", "getElementCoords",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "int64_t":$reg,
           "int64_t":$lane, "int64_t":$warp)>,
  ];
}

#endif // TRIDENT_GPUIR_INTERFACES
