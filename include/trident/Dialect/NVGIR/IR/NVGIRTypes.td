//===- NVGIRTypes.td - NVIDIA GPU IR types -----------------*- tablegen -*-===//
#ifndef TRIDENT_NVGIR_TYPES
#define TRIDENT_NVGIR_TYPES

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/NVGIR/IR/NVGIRDialect.td"

def NVGIR_MBarriersType : TypeDef<NVGIR_Dialect, "MBarriers"> {
  let mnemonic = "mbarriers";
  let summary = "an array of shared-memory barriers (mbarrier objects)";
  let description = [{
    `count` mbarrier objects (8 bytes each) in shared memory, one per stage
    of a ring of buffers: asynchronous copies arrive on a stage's barrier,
    readers wait for the barrier's phase.

    ```mlir
    !nvgir.mbarriers<3>
    ```
  }];
  let parameters = (ins "unsigned":$count);
  let assemblyFormat = "`<` $count `>`";
  let genVerifyDecl = 1;
}

#endif // TRIDENT_NVGIR_TYPES
